import type { ComponentChildren } from 'preact';
import { send } from '../../browser/send.ts';

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
