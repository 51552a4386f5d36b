// The real Card with the real card styles, mounted in an OPEN shadow root on a plain page so
// that axe-core can reach it (the extension's card lives in a closed root, which it cannot).
// Bundled by test/e2e/ui-card.test.ts with esbuild; strings come from the English catalog.
import { render } from 'preact';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { Card } from '../../src/ui/card/card.tsx';
import { CARD_STYLE } from '../../src/ui/card/card-style.ts';
import type { Listing, FestivalRow } from '../../src/core/rows.ts';

declare const PREVIEW: { listings: Listing[]; festivals: FestivalRow[]; dark: boolean };

const host = document.createElement('div');
document.body.append(host);
const root = host.attachShadow({ mode: 'open' });
const style = document.createElement('style');
style.textContent = CARD_STYLE;
const mount = document.createElement('div');
root.append(style, mount);
render(
  <Card
    listings={PREVIEW.listings}
    festivals={PREVIEW.festivals}
    surface="Fugitive Pieces"
    error={null}
    settings={{ ...DEFAULT_SETTINGS, theme: PREVIEW.dark ? 'dark' : 'light' }}
    saved={new Map([[PREVIEW.listings[0]!.events[0]!.key, 'going']])}
    onSave={() => undefined}
    onClose={() => undefined}
  />,
  mount,
);
mount.firstElementChild?.classList.toggle('ap-dark', PREVIEW.dark);
