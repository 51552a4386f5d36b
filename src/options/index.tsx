import { render } from 'preact';
import { CorrectionsPanel } from '../ui/options/corrections-panel.tsx';
import { DataPanel } from '../ui/options/data-panel.tsx';
import { DeviceSyncPanel } from '../ui/options/device-sync-panel.tsx';
import { DisplaySettings } from '../ui/options/display-settings.tsx';
import { FeedsPanel } from '../ui/options/feeds-panel.tsx';
import { ImportInvitation } from '../ui/shared/import-invitation.tsx';
import { t, uiLocale } from '../browser/i18n.ts';
import { adoptEventStyle } from '../ui/shared/page-style.ts';
import { SitesPanel } from '../ui/options/sites-panel.tsx';
import { UserFilmsPanel } from '../ui/options/user-films-panel.tsx';

// The page's sections, in order: feeds; "Import an invitation" (the popup's component); sites
// (curated, added, disabled); display settings; the user's own films; corrections; sync between
// browsers; the user's data. The others are panels in src/ui/options/.
function Options() {
  return (
    <main>
      <h1>{t('ui_optionsTitle')}</h1>
      <p class="welcome-link">
        <a href="welcome.html">{t('welcome_optionsLink')}</a>
      </p>
      <FeedsPanel />
      <ImportInvitation />
      <SitesPanel />
      <DisplaySettings />
      <UserFilmsPanel />
      <CorrectionsPanel />
      <DeviceSyncPanel />
      <DataPanel />
    </main>
  );
}

adoptEventStyle(document);
document.title = t('ui_optionsTitle');
document.documentElement.lang = uiLocale();
const root = document.getElementById('app');
if (root) render(<Options />, root);
