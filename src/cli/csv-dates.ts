// Dates as spreadsheets write them, read as wall times in the festival's zone:
// "2026-09-12 21:00", "2026-09-12T21:00", "2026-09-12", "12/09/2026 9pm", "12.09.2026 21:30".
// Slashed and dotted dates are day first (as in most of the world and in the template); when
// the middle number cannot be a month ("09/12/2026" can, "09/25/2026" cannot) it is read month
// first, as a US spreadsheet writes it.
import { formatOffset, isTimeZone, wallOffsetMinutes } from '../core/time/index.ts';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function readDay(text: string): [number, number, number] | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (!m) return null;
  let [day, month] = [Number(m[1]), Number(m[2])];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  return [Number(m[3]), month, day];
}

function readClock(text: string): [number, number, number] | null {
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?$/i.exec(text);
  if (!m || (!m[2] && !m[4])) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const second = Number(m[3] ?? 0);
  const half = m[4]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return [hour, minute, second];
}

/**
 * The cell as a feed time: a date alone ("2026-09-12"), or a date-time with the zone's offset
 * on that day. Null when the cell cannot be read, or has a time and no zone to place it in.
 */
export function readCsvTime(cell: string, zone: string | undefined): string | null {
  const text = cell.trim();
  if (ISO_WITH_OFFSET.test(text)) return text;
  const split = /^(\S+)(?:[T\s]+(.+))?$/.exec(text.replace(/^(\d{4}-\d{2}-\d{2})T/, '$1 '));
  if (!split) return null;
  const day = readDay(split[1] as string);
  if (!day) return null;
  const [y, mo, d] = day;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  const date = `${y}-${pad(mo)}-${pad(d)}`;
  if (split[2] === undefined) return date;
  const clock = readClock(split[2].trim());
  if (!clock || !zone || !isTimeZone(zone)) return null;
  const [h, min, s] = clock;
  const offset = wallOffsetMinutes(Date.UTC(y, mo - 1, d, h, min, s), zone);
  return `${date}T${pad(h)}:${pad(min)}:${pad(s)}${formatOffset(offset)}`;
}
