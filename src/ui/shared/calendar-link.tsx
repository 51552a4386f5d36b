import { createContext, type ComponentChildren, type ComponentType } from 'preact';
import { send } from '../../browser/send.ts';
import { t } from '../../browser/i18n.ts';
import { webCalendarLinks } from '../../core/ical/index.ts';
import type { FeedEvent } from '../../core/model.ts';
import { accessLabel } from './labels.ts';

/**
 * "Add to calendar": the background writes the .ics (src/background/calendar-export.ts) and
 * the file is handed over as a Blob URL on a temporary <a download>, which works inside the
 * card's shadow root in a content script as well as on extension pages.
 */
export function CalendarLink({
  eventKeys,
  name,
  children,
  class: className,
}: {
  eventKeys: () => string[];
  name: string;
  children: ComponentChildren;
  class?: string;
}) {
  const onClick = async (event: MouseEvent) => {
    event.preventDefault();
    const anchor = event.currentTarget as HTMLButtonElement;
    const { ics, fileName } = await send('exportCalendar', { eventKeys: eventKeys(), name });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const link = anchor.ownerDocument.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    anchor.after(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <button type="button" class={className ?? 'ap-button'} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * "Google Calendar" and "Outlook" beside the .ics download for one event: plain links to each
 * service's new-event page, filled in by webCalendarLinks (times in UTC, an unknown end left
 * with no length); nothing is shown for an event without a date.
 */
export function WebCalendarLinks({ event, timeZone }: { event: FeedEvent; timeZone: string }) {
  const details = [
    event.host ? t('calendar_exportHost', event.host) : null,
    event.access === 'unknown' ? null : accessLabel(event.access),
    event.description,
  ]
    .filter(Boolean)
    .join('\n');
  const links = webCalendarLinks(event, timeZone, { details });
  if (!links) return null;
  const link = (href: string, service: string, which: string) => (
    <a
      class="ap-calendar-web"
      data-calendar={which}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('calendar_addTo', service, event.title)}
    >
      {service}
    </a>
  );
  return (
    <span class="ap-calendar-links">
      {link(links.google, t('calendar_google'), 'google')}
      {link(links.outlook, t('calendar_outlook'), 'outlook')}
    </span>
  );
}

/**
 * The Google Calendar and Outlook links, where a page provides them: the extension pages do,
 * the card does not, so their URL building stays out of the content script, whose size is a
 * budget (test/build/bundle-size.test.ts); the card keeps its .ics download.
 */
export const WebCalendarsContext = createContext<ComponentType<{ event: FeedEvent; timeZone: string }> | null>(null);
