// The card's keyboard shortcut as the browser has it now: the user may have changed or removed
// it (chrome://extensions/shortcuts, about:addons), so the manifest's suggestion is not shown.
import { useEffect, useState } from 'preact/hooks';
import { openCardShortcut } from '../../browser/extension-pages.ts';
import { t } from '../../browser/i18n.ts';

export function ShortcutLine() {
  const [shortcut, setShortcut] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    openCardShortcut().then(setShortcut, () => setShortcut(null));
  }, []);
  if (shortcut === undefined) return <p class="shortcut-line" />;
  return (
    <p class="shortcut-line" data-shortcut={shortcut ?? ''}>
      {shortcut ? (
        <>
          {t('welcome_shortcutIs')} <kbd>{shortcut}</kbd>
          {t('welcome_shortcutAfter')}
        </>
      ) : (
        t('welcome_shortcutNone')
      )}{' '}
      {t('welcome_shortcutChange')}
    </p>
  );
}
