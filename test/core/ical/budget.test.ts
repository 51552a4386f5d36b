// Hostile calendars: rules no date satisfies, nesting, sparse rules and endless durations.
// Each import must return (read, or refused with a reason); none is timed.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { importICalendar } from '../../../src/core/ical/import.ts';

const cal = (body: string, head = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n${head}${body}END:VCALENDAR\r\n`;
const vevent = (lines: string, inner = '') =>
  `BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n${lines.trim().split('\n').join('\r\n')}\r\n${inner}END:VEVENT\r\n`;
const clean = vevent('UID:clean\nDTSTART:20260910T190000Z\nSUMMARY:Clean party');

// Rules that yield no date after DTSTART, at every frequency that steps through candidates.
const NO_DATE = [
  'BYMONTH=2;BYMONTHDAY=30',
  'BYMONTH=4,6,9,11;BYMONTHDAY=31',
  'BYWEEKNO=1;BYMONTH=6',
  'BYMONTH=2;BYMONTHDAY=-30',
];
const FREQS = ['YEARLY', 'MONTHLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'];
const HOSTILE_RULES = FREQS.flatMap((freq) => NO_DATE.map((parts) => `FREQ=${freq};${parts}`));

describe('a shared work budget per calendar', () => {
  it('ical.js still has the iterator methods the budget counts', () => {
    const proto = ICAL.RecurIterator.prototype as unknown as Record<string, unknown>;
    expect(typeof proto.check_contracting_rules).toBe('function');
    expect(typeof proto.expand_year_days).toBe('function');
  });

  it.each(HOSTILE_RULES)('RRULE:%s returns, and the clean event beside it is read or the calendar refused', (rule) => {
    const text = cal(vevent(`UID:hostile\nDTSTART:20260101T100000Z\nRRULE:${rule}\nSUMMARY:Never`) + clean);
    // The default budget: far more steps than any sane calendar needs, far fewer than "for ever".
    const result = importICalendar(text);
    if (result.ok) {
      expect(result.feed.events.map((e) => e.id)).toContain('clean');
      // ical.js gives DTSTART itself as the first occurrence (and reads some impossible days as
      // the next month's first): never more than one event's share.
      expect(result.feed.events.filter((e) => e.id.startsWith('hostile')).length).toBeLessThanOrEqual(400);
    } else {
      expect(result.overrun).toBe('steps');
      expect(result.error).toMatch(/more work/);
    }
  });

  it('the budget is shared: many rules that each fit alone overrun together', () => {
    const rule = 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30';
    const one = cal(vevent(`UID:h0\nDTSTART:20260101T100000Z\nRRULE:${rule}`));
    expect(importICalendar(one, { budget: { steps: 100_000 } }).ok).toBe(true);
    const many = cal(
      Array.from({ length: 5 }, (_, i) => vevent(`UID:h${i}\nDTSTART:20260101T100000Z\nRRULE:${rule}`)).join(''),
    );
    expect(importICalendar(many, { budget: { steps: 100_000 } })).toMatchObject({ ok: false, overrun: 'steps' });
  });

  it('a SECONDLY rule that never matches is refused by the default budget, in words', () => {
    const result = importICalendar(
      cal(vevent('UID:h\nDTSTART:20260101T100000Z\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30') + clean),
    );
    expect(result).toMatchObject({ ok: false, overrun: 'steps' });
  });

  it('a VTIMEZONE rule that never matches is bounded too (ical.js expands it on its own)', () => {
    const zone =
      'BEGIN:VTIMEZONE\r\nTZID:Hostile/Zone\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n' +
      'RRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n';
    const text = cal(vevent('UID:z\nDTSTART;TZID=Hostile/Zone:20260910T190000\nSUMMARY:Zoned'), zone);
    const result = importICalendar(text, { budget: { steps: 200_000 } });
    expect(result.ok ? result.feed.events.length : result.overrun).toBeDefined();
  });

  it('an INTERVAL longer than the years kept skips its event, in zones too', () => {
    const result = importICalendar(
      cal(vevent('UID:sparse\nDTSTART:20260101T100000Z\nRRULE:FREQ=DAILY;INTERVAL=999999999') + clean),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.feed.events.map((e) => e.id)).toEqual(['clean']);
    expect(result.problems.map((p) => p.message).join()).toMatch(/less often/);
  });

  it('DURATION:P999999999999999999W costs its event the end, with a reason', () => {
    const result = importICalendar(
      cal(vevent('UID:long\nDTSTART:20260101T000000Z\nDURATION:P999999999999999999W') + clean),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.feed.events.map((e) => [e.id, e.end])).toEqual([
      ['long', null],
      ['clean', null],
    ]);
    expect(result.problems[0]).toMatchObject({ path: 'VEVENT[0].DURATION' });
    expect(result.problems[0]?.message).toMatch(/longer than the years 1900–2200; the end was left out/);
  });
});

describe('nesting', () => {
  const nested = (depth: number) =>
    cal(
      vevent(
        'DTSTART:20260910T190000Z\nSUMMARY:No UID',
        `${'BEGIN:X-N\r\n'.repeat(depth)}${'END:X-N\r\n'.repeat(depth)}`,
      ),
    );

  it('a VEVENT without UID under deep nesting is refused, not thrown', () => {
    const result = importICalendar(nested(20_000));
    expect(result).toMatchObject({ ok: false, overrun: 'depth' });
  });

  it('a VEVENT without UID is known by its properties, whatever it nests (no recursive toString)', () => {
    const a = importICalendar(nested(3), { budget: { depth: 10 } });
    const b = importICalendar(nested(20_000), { budget: { depth: 30_000 } });
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(b.feed.events[0]?.id).toMatch(/^no-uid-/);
    expect(b.feed.events[0]?.id).toBe(a.feed.events[0]?.id);
  });

  it('too many components are refused', () => {
    const many = cal(Array.from({ length: 50 }, (_, i) => vevent(`UID:${i}\nDTSTART:20260910T190000Z`)).join(''));
    expect(importICalendar(many, { budget: { components: 20 } })).toMatchObject({ ok: false, overrun: 'components' });
  });
});

describe('years', () => {
  it('an event outside 1900–2200 is skipped with a reason; an end outside is left out', () => {
    const result = importICalendar(
      cal(
        vevent('UID:old\nDTSTART:00010101T100000Z\nSUMMARY:Old') +
          vevent('UID:far\nDTSTART:20260101T100000Z\nDTEND:99991231T100000Z\nSUMMARY:Far') +
          clean,
      ),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.feed.events.map((e) => [e.id, e.end])).toEqual([
      ['far', null],
      ['clean', null],
    ]);
    expect(result.problems.map((p) => p.message).join('\n')).toMatch(/outside the years 1900–2200/);
    // The window the calendar is read in stays within the years kept.
    expect(result.feed.festivals[0]?.start).toBe('2026-01-01');
  });
});
