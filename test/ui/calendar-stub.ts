import { vi } from 'vitest';

/**
 * Stands in for the background's `exportCalendar` answer and records the download the
 * CalendarLink starts: which message it sent and the file name of the link it clicked.
 */
export function stubCalendarExport(fileName: string) {
  const sendMessage = vi.fn(async () => ({
    result: { ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', fileName, skipped: [], missing: 0 },
  }));
  (globalThis as unknown as { chrome: { runtime?: unknown } }).chrome.runtime = { sendMessage };
  const downloads: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:calendar');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return { sendMessage, downloads };
}
