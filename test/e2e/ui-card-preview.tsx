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
// The states a card can be in, all in one: an event already over (no actions, an "Over" badge),
// one that clashes with an event you are going to, and the shortcut at the card's foot.
const [first, ...rest] = PREVIEW.listings;
const shown = first!.events[0]!;
const over = { ...shown, key: `${shown.key}-over`, title: 'An evening already over', start: '2007-09-01', end: null };
const listings = [{ ...first!, events: [...first!.events, over] }, ...rest];
render(
  <Card
    listings={listings}
    now={Date.parse('2007-09-06T12:00:00Z')}
    clashes={new Map([[shown.key, { titles: ['Gala dinner'], others: 1 }]])}
    shortcut="Alt+Shift+F"
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
