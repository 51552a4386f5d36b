import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { t, uiLocale } from '../../browser/i18n.ts';
import { targetTabId } from '../../browser/target-tab.ts';
import { PageEventOffer } from './page-event-offer.tsx';
import { WebcalOffer } from './webcal-offer.tsx';
import { PageView, usePageFilms } from './page-view.tsx';
import { SavedView } from './saved-view.tsx';
import { ScheduleView } from './schedule-view.tsx';
import { SiteToggle } from './site-toggle.tsx';
import { SyncStatus } from './sync-status.tsx';
import { PopupLinks } from './popup-links.tsx';
import { send } from '../../browser/send.ts';
import type { Result } from '../../messages/index.ts';
import { askForNotifications } from '../../browser/notifications.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { applyTheme } from '../shared/theme.ts';
import { UserEventsPanel } from './user-events-panel.tsx';
import { ImportInvitation } from '../shared/import-invitation.tsx';
import { useRequest } from './use-request.ts';
import { ViewTabs } from './view-tabs.tsx';
import { WebCalendarLinks, WebCalendarsContext } from '../shared/calendar-link.tsx';
import { RemindersContext, type RemindersValue } from '../shared/reminder-toggle.tsx';
import { errorText } from '../../core/error-text.ts';

type PopupViewKey = 'page' | 'schedule' | 'saved';

// The saved events with each one's reminder, as the background answers them.
type PlanWithReminders = Result<'getPlan'>;

function usePlan(
  revision: number,
): [PlanWithReminders | null, (eventKey: string, status: SaveStatus | null) => void, RemindersValue, string | null] {
  const [plan, setPlan] = useState<PlanWithReminders | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (e: unknown) => setError(errorText(e));
  const reload = () => send('getPlan', {}).then(setPlan, failed);
  useEffect(() => void reload(), [revision]);
  const save = (eventKey: string, status: SaveStatus | null) => {
    send('setSaved', { eventKey, status }).then(reload, failed);
  };
  const reminders: RemindersValue = {
    views: new Map(Object.entries(plan?.reminders ?? {})),
    onRemind(eventKey, remind, view) {
      // Asked inside the click, the first time a reminder needs it; refused, the reminder is
      // still stored and says notifications are not allowed.
      const asked = remind && view.blocked === 'noPermission' ? askForNotifications() : Promise.resolve(true);
      void asked.then(() => send('setReminder', { eventKey, remind })).then(reload, failed);
    },
  };
  return [plan, save, reminders, error];
}

/** Once the plan shows, brings the event a notification was about into view and focus. */
function useFocusedEvent(eventKey: string | undefined, shown: boolean) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!eventKey || !shown || done) return;
    const event = [...document.querySelectorAll<HTMLElement>('.saved [data-event-key]')].find(
      (element) => element.dataset.eventKey === eventKey,
    );
    if (!event) return;
    setDone(true);
    event.classList.add('focused');
    event.tabIndex = -1;
    event.scrollIntoView({ block: 'center' });
    event.focus();
  });
}

/**
 * The popup: "This page", "Schedule" and "Saved". `addFor` is a film key when the card's "Add an
 * event" opened the popup in a tab: it opens on "Saved" with the form open for that film.
 */
export function PopupApp({ addFor, focusEvent }: { addFor?: string; focusEvent?: string }) {
  // Views re-read when the data changes, e.g. an event added under "Saved" shows in "Schedule".
  const revision = useDataRevision();
  const schedule = useRequest('getSchedule', {}, revision);
  const settingsState = useRequest('getSettings', {});
  const settings: Settings = settingsState.status === 'done' ? settingsState.result : DEFAULT_SETTINGS;
  const [tabId, setTabId] = useState<number | null | undefined>(undefined);
  useEffect(() => void targetTabId().then(setTabId, () => setTabId(null)), []);
  const page = usePageFilms(tabId, revision);
  const [plan, save, reminders, planError] = usePlan(revision);
  const [view, setView] = useState<PopupViewKey | null>(addFor || focusEvent ? 'saved' : null);
  useFocusedEvent(focusEvent, plan !== null);
  useEffect(() => applyTheme(document, settings.theme), [settings.theme]);
  useEffect(() => void (document.documentElement.lang = uiLocale()), []);
  // Open on "This page" when the tab has films, else on the schedule.
  const shown: PopupViewKey = view ?? (page.status === 'done' && page.listings.length > 0 ? 'page' : 'schedule');
  const saved = new Map<string, SaveStatus>((plan?.saved ?? []).map((s) => [s.eventKey, s.status]));
  // What Saved shows: the listed events and the unlisted ones, each saved row once.
  const savedShown = plan ? plan.events.length + (plan.unlisted?.length ?? 0) : 0;
  const tabs = [
    { key: 'page' as const, label: t('ui_viewPage') },
    { key: 'schedule' as const, label: t('ui_viewSchedule') },
    {
      key: 'saved' as const,
      label: savedShown > 0 ? t('ui_viewSavedCount', savedShown) : t('ui_viewSaved'),
    },
  ];
  return (
    <main>
      <header class="top">
        <h1>{t('extensionName')}</h1>
        <SiteToggle />
      </header>
      {planError && (
        <p class="error" role="alert">
          {planError}
        </p>
      )}
      <RemindersContext.Provider value={reminders}>
        <WebCalendarsContext.Provider value={WebCalendarLinks}>
          <ViewTabs tabs={tabs} selected={shown} onSelect={setView} label={t('ui_views')} focusPanel={!focusEvent}>
            {shown === 'page' && (
              <>
                <PageView page={page} settings={settings} saved={saved} onSave={save} />
                <PageEventOffer />
                <WebcalOffer />
              </>
            )}
            {shown === 'schedule' && (
              <>
                {schedule.status === 'failed' && (
                  <p class="error" role="alert">
                    {t('ui_couldNotLoadSchedule', schedule.error)}
                  </p>
                )}
                {schedule.status === 'loading' && <p class="empty">{t('ui_loading')}</p>}
                {schedule.status === 'done' && (
                  <ScheduleView data={schedule.result} settings={settings} saved={saved} onSave={save} />
                )}
              </>
            )}
            {shown === 'saved' && (
              <>
                {plan ? (
                  <SavedView plan={plan} settings={settings} onSave={save} />
                ) : (
                  <p class="empty">{t('ui_loading')}</p>
                )}
                <UserEventsPanel filmKey={addFor} />
                <ImportInvitation />
              </>
            )}
          </ViewTabs>
        </WebCalendarsContext.Provider>
      </RemindersContext.Provider>
      <footer class="bottom">
        <SyncStatus />
        <PopupLinks />
      </footer>
    </main>
  );
}
