// The popup's ways to the other pages: "Getting started" (the first-run page) and the options.
// The options open with runtime.openOptionsPage, which reuses their tab if one is open.
import type { ComponentChildren } from 'preact';
import { openOptionsPage, welcomePageUrl } from '../../browser/extension-pages.ts';
import { t } from '../../browser/i18n.ts';

/** A link to the options page; `children` are its words. */
export function OptionsLink({ children }: { children: ComponentChildren }) {
  return (
    <a
      href="options.html"
      class="options-link"
      onClick={(event) => {
        event.preventDefault();
        void openOptionsPage();
      }}
    >
      {children}
    </a>
  );
}

/** The sync line when no feed is subscribed: its mention of the options is the way there. */
export function BuiltInOnlyLine() {
  return (
    <>
      {t('welcome_builtInOnly')} <OptionsLink>{t('welcome_addFeedsInOptions')}</OptionsLink>
    </>
  );
}

export function PopupLinks() {
  return (
    <nav class="popup-links" aria-label={t('welcome_popupLinks')}>
      <a href={welcomePageUrl()} target="_blank" rel="noopener">
        {t('welcome_gettingStarted')}
      </a>
      <OptionsLink>{t('welcome_options')}</OptionsLink>
    </nav>
  );
}
