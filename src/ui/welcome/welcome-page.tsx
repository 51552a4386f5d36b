// The first-run page, opened once on install (src/background/index.ts) and linked from the
// popup and the options: what Afterparty does, the demo, how listings get in, the shortcut and
// the site switch. Each part is a section with an id, so other pages can link to it.
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { OptionsLink } from '../shared/options-link.tsx';
import { applyTheme } from '../shared/theme.ts';
import { ShortcutLine } from './shortcut-line.tsx';

function Section({ id, heading, children }: { id: string; heading: string; children: ComponentChildren }) {
  return (
    <section id={id} class="panel-section welcome-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}

export function WelcomePage() {
  useEffect(() => {
    send('getSettings', {}).then(
      (settings) => applyTheme(document, settings.theme),
      () => undefined,
    );
  }, []);
  return (
    <main class="welcome-page">
      <h1>{t('welcome_title')}</h1>
      <p class="welcome-lead">{t('welcome_what')}</p>

      <Section id="demo" heading={t('welcome_demoHeading')}>
        <p>{t('welcome_demoText')}</p>
        <p>
          <a href="demo.html" class="ap-button welcome-demo" target="_blank" rel="noopener">
            {t('welcome_demoLink')}
          </a>
        </p>
      </Section>

      <Section id="add-listings" heading={t('welcome_addHeading')}>
        <p>{t('welcome_addIntro')}</p>
        <h3>{t('welcome_feedHeading')}</h3>
        <p>{t('welcome_feedText')}</p>
        <ul class="welcome-examples">
          <li>
            <code>festival.example/parties.ics</code> — {t('welcome_exampleIcs')}
          </li>
          <li>
            <code>webcal://calendar.example/tiff-parties.ics</code> — {t('welcome_exampleWebcal')}
          </li>
          <li>
            <code>https://listings.example/tiff-2026.json</code> — {t('welcome_exampleJson')}
          </li>
          <li>
            <code>https://festival.example/parties/</code> — {t('welcome_examplePage')}
          </li>
        </ul>
        <p>
          <OptionsLink class="welcome-options">{t('welcome_openOptions')}</OptionsLink>
        </p>
        <h3>{t('welcome_invitationHeading')}</h3>
        <p>{t('welcome_invitationText')}</p>
        <h3>{t('welcome_pageHeading')}</h3>
        <p>{t('welcome_pageText')}</p>
      </Section>

      <Section id="shortcut" heading={t('welcome_shortcutHeading')}>
        <p>{t('welcome_shortcutText')}</p>
        <ShortcutLine />
      </Section>

      <Section id="site-switch" heading={t('welcome_siteHeading')}>
        <p>{t('welcome_siteText')}</p>
      </Section>
    </main>
  );
}
