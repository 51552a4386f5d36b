// The popup's ways to the other pages: "Getting started" (the first-run page) and the options.
import { welcomePageUrl } from '../../browser/extension-pages.ts';
import { t } from '../../browser/i18n.ts';
import { OptionsLink } from '../shared/options-link.tsx';

/** The sync line when no feed is subscribed: its mention of the options is the way there. */
export function BuiltInOnlyLine() {
  return (
    <>
      {t('welcome_builtInOnly')} <OptionsLink class="options-link">{t('welcome_addFeedsInOptions')}</OptionsLink>
    </>
  );
}

export function PopupLinks() {
  return (
    <nav class="popup-links" aria-label={t('welcome_popupLinks')}>
      <a href={welcomePageUrl()} target="_blank" rel="noopener">
        {t('welcome_gettingStarted')}
      </a>
      <OptionsLink class="options-link">{t('welcome_options')}</OptionsLink>
    </nav>
  );
}
