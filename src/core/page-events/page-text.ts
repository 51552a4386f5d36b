// The markup checked against what the page shows. A calendar plugin often marks up only the
// date ("2024-02-01") while the page reads "01Feb Police Discipline Work Group 6:30 pm – 8:30 pm",
// or stamps local times "+00:00". The snapshot brings short blocks of visible text around clock
// times; an event's time is taken from them only when every block naming it (and no other event)
// on its day gives the same time, and the offer then shows both: never a guessed time.

import { isTimeZone, wallTimeToIso } from '../time/index.ts';
import type { PageEventDraft } from './event-draft.ts';

export const PAGE_TEXT_LIMITS = { blocks: 400, blockChars: 400, names: 500 } as const;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s*${MONTH}(?![a-z])`, 'gi');
const MONTH_DAY = new RegExp(`\\b${MONTH}\\s*(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'gi');
const ISO_DAY = /\b\d{4}-(\d{2})-(\d{2})\b/g;

/** The month-days a block names ("01Feb", "July 12", "18 sep", "2024-02-01") as "MM-DD", with where each ends. */
function daysIn(block: string): Array<{ day: string; end: number }> {
  const days: Array<{ day: string; end: number }> = [];
  const add = (month: number, day: number, end: number) => {
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31)
      days.push({ day: `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, end });
  };
  const end = (m: RegExpMatchArray) => m.index! + m[0].length;
  for (const m of block.matchAll(DAY_MONTH))
    add(MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1, Number(m[1]), end(m));
  for (const m of block.matchAll(MONTH_DAY))
    add(MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1, Number(m[2]), end(m));
  for (const m of block.matchAll(ISO_DAY)) add(Number(m[1]), Number(m[2]), end(m));
  return days;
}

// "pm" may run into the next word on the page ("8:30 pmWork Group"), but not into a word of its own ("9 amazing").
const CLOCK =
  '(\\d{1,2})(?:[:.h](\\d{2}))?\\s*([aApP])\\.?\\s?[mM](?![a-z])\\.?|([01]?\\d|2[0-3])[:h]([0-5]\\d)(?!\\d)';
const RANGE = new RegExp(`(?:${CLOCK})(?:\\s*(?:–|—|-|to|until)\\s*(?:${CLOCK}))?`, 'g');
/** A block with no date of its own speaks for an event only when it is a listing's line, not prose. */
const UNDATED_CHARS = 160;

interface Clock {
  start: string;
  end: string | null;
  text: string;
  at: number;
}

function hhmm(
  h: string | undefined,
  m: string | undefined,
  ampm: string | undefined,
  h24: string | undefined,
  m24: string | undefined,
): string | null {
  if (h24 !== undefined) return `${h24.padStart(2, '0')}:${m24}`;
  if (h === undefined) return null;
  let hour = Number(h);
  if (hour < 1 || hour > 12) return null;
  if (ampm!.toLowerCase() === 'p' && hour !== 12) hour += 12;
  if (ampm!.toLowerCase() === 'a' && hour === 12) hour = 0;
  return `${String(hour).padStart(2, '0')}:${m ?? '00'}`;
}

/** The clock times and ranges a block gives, each once. */
function clocksIn(block: string): Clock[] {
  const out: Clock[] = [];
  for (const m of block.matchAll(RANGE)) {
    const start = hhmm(m[1], m[2], m[3], m[4], m[5]);
    if (!start) continue;
    const end = hhmm(m[6], m[7], m[8], m[9], m[10]);
    if (!out.some((c) => c.start === start && c.end === end)) out.push({ start, end, text: m[0].trim(), at: m.index! });
  }
  return out;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A block of visible text, squashed, and its lower-case copy for finding names in. */
interface Block {
  text: string;
  lower: string;
}

// In prose ("January 11th Meeting has been cancelled. Regular meeting schedule: 2nd Thursday
// 6:00pm"), a time far from the day or the name is not that day's time.
const NEAR = 40;

/** The one time the page gives for this name on this day, or null when it gives none or several. */
function pageClock(name: string, date: string, blocks: readonly Block[], others: readonly string[]): Clock | null {
  const day = date.slice(5, 10);
  let found: Clock | null = null;
  for (const { text, lower } of blocks) {
    const at = lower.indexOf(name);
    if (at < 0) continue;
    // A block naming another event too cannot say whose time it gives.
    if (others.some((other) => lower.includes(other) && !name.includes(other))) continue;
    // A date in the event's own name ("… January 11th Cancelled") is no date of the block's.
    const blank = ' '.repeat(name.length);
    const days = daysIn(lower.split(name).join(blank));
    if (days.length > 0 && !days.some((d) => d.day === day)) continue;
    if (days.length === 0 && text.length > UNDATED_CHARS) continue;
    const clocks = clocksIn(text);
    if (clocks.length !== 1) {
      if (clocks.length > 1) return null;
      continue;
    }
    const clock = clocks[0]!;
    if (text.length > UNDATED_CHARS) {
      const anchors = [at + name.length, ...days.filter((d) => d.day === day).map((d) => d.end)];
      if (!anchors.some((end) => clock.at >= end && clock.at - end <= NEAR)) continue;
    }
    if (found && (found.start !== clock.start || found.end !== clock.end)) return null;
    found = clock;
  }
  return found;
}

const wallOf = (start: string) => start.slice(11, 16);

function withPageTime(draft: PageEventDraft, clock: Clock, zone: string | null): PageEventDraft {
  const date = draft.start!.slice(0, 10);
  const markup = draft.start!;
  const startLocal = `${date}T${clock.start}:00`;
  const endLocal = clock.end && clock.end > clock.start ? `${date}T${clock.end}:00` : null;
  if (markup.length === 10) {
    // A date in the markup, a time on the page: the page's wall-clock time, floating as written.
    return {
      ...draft,
      start: startLocal,
      end: endLocal,
      floating: true,
      notes: [...draft.notes, { kind: 'pageTime', markup, page: clock.text, used: true }],
    };
  }
  const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(markup)?.[1];
  if (wallOf(markup) !== clock.start)
    return { ...draft, notes: [...draft.notes, { kind: 'pageTime', markup, page: clock.text, used: false }] };
  if (!offset || !zone) return draft;
  // The markup's clock is the page's, but its offset is not the page's zone's on that day
  // ("09:00+00:00" where the page, in America/Detroit, shows 9:00 am): the offset is the slip.
  const placed = wallTimeToIso(startLocal, zone);
  if (!placed || Date.parse(placed) === Date.parse(markup)) return draft;
  return {
    ...draft,
    start: placed,
    end: endLocal ? wallTimeToIso(endLocal, zone) : draft.end,
    floating: false,
    notes: [...draft.notes, { kind: 'pageTime', markup, page: clock.text, used: true, zone }],
  };
}

/** Each draft with a start, checked against the page's visible text near its name. */
export function checkAgainstPageText(
  drafts: readonly PageEventDraft[],
  texts: unknown,
  zone: unknown,
): PageEventDraft[] {
  if (!Array.isArray(texts) || texts.length === 0) return [...drafts];
  const blocks = texts
    .slice(0, PAGE_TEXT_LIMITS.blocks)
    .filter((t): t is string => typeof t === 'string')
    .map((t) => {
      const text = t.slice(0, PAGE_TEXT_LIMITS.blockChars).replace(/\s+/g, ' ').trim();
      return { text, lower: text.toLowerCase() };
    });
  const names = [...new Set(drafts.map((d) => squash(d.title ?? '')).filter((n) => n.length >= 4))].slice(
    0,
    PAGE_TEXT_LIMITS.names,
  );
  const pageZone = typeof zone === 'string' && zone.length < 64 && isTimeZone(zone) ? zone : null;
  return drafts.map((draft) => {
    const name = squash(draft.title ?? '');
    // Only a start the page's text can be checked against: a day, with the event's name.
    if (!draft.start || name.length < 4 || !names.includes(name) || draft.festival) return draft;
    const clock = pageClock(
      name,
      draft.start,
      blocks,
      names.filter((n) => n !== name),
    );
    return clock ? withPageTime(draft, clock, pageZone) : draft;
  });
}
