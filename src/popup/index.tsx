import { render } from 'preact';
import { ADD_EVENT_PARAM } from '../messages/add-event.ts';
import { adoptEventStyle } from '../ui/shared/page-style.ts';
import { PageEventOffer } from '../ui/popup/page-event-offer.tsx';
import { PopupApp } from '../ui/popup/popup-app.tsx';
import { UserEventsPanel } from '../ui/popup/user-events-panel.tsx';
import { SiteToggle } from '../ui/popup/site-toggle.tsx';
import { SyncStatus } from '../ui/popup/sync-status.tsx';

// Each feature puts its part of the popup into one of PopupApp's slots:
//   top        "Enable/Disable on this site" (src/ui/site-toggle.tsx)
//   pageExtra  events read from the page (src/ui/page-event*.tsx), under "This page"
//   savedExtra the user's own events (src/ui/user-event-*.tsx), under "Saved"
//   bottom     the sync status line and "Sync now" (src/ui/sync-status.tsx)
// popup.html?add=<film key>: opened in a tab by the card's "Add an event", with the form open for that film.
const addFor = new URLSearchParams(location.search).get(ADD_EVENT_PARAM) ?? undefined;

function Popup() {
  return (
    <PopupApp
      top={<SiteToggle />}
      pageExtra={<PageEventOffer />}
      savedExtra={<UserEventsPanel filmKey={addFor} />}
      bottom={<SyncStatus />}
      initialView={addFor ? 'saved' : undefined}
    />
  );
}

adoptEventStyle(document);
const root = document.getElementById('app');
if (root) render(<Popup />, root);
