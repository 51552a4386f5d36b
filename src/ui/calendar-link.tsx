import type { ComponentChildren } from 'preact';
import { exportIcs, icsFileName, type ExportItem } from '../core/ics-export.ts';

/**
 * A download link for an .ics file made on click: a Blob URL on an <a download>, which works
 * inside the card's shadow root in a content script as well as on extension pages.
 */
export function CalendarLink({ items, name, children, class: className }: { items: () => ExportItem[]; name: string; children: ComponentChildren; class?: string }) {
  const onClick = (event: MouseEvent) => {
    const link = event.currentTarget as HTMLAnchorElement;
    const { ics } = exportIcs(items(), Date.now());
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    // The download starts from the href set here, before the default action runs.
    link.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <a class={className ?? 'ap-button'} href="#" download={icsFileName(name)} onClick={onClick}>
      {children}
    </a>
  );
}
