import { describe, expect, it } from 'vitest';
import { whenLines, whenText } from '../../../src/ui/shared/when-text.ts';

const start = '2007-09-06T22:38:00-04:00';

describe('event times in the UI', () => {
  it('writes the festival time with its zone, and the reader’s own when it differs', () => {
    expect(whenLines(start, null, 'America/Toronto', 'both', 'Europe/Paris')).toEqual([
      'Thursday, September 6, 2007 · 10:38 PM EDT',
      'Your time: Friday, September 7, 2007 · 4:38 AM GMT+2',
    ]);
    expect(whenLines(start, null, 'America/Toronto', 'mine', 'Europe/Paris')).toEqual([
      'Friday, September 7, 2007 · 4:38 AM GMT+2',
    ]);
    expect(whenLines(start, null, 'America/Toronto', 'festival', 'Europe/Paris')).toHaveLength(1);
  });

  it('shows one line when the reader is in the festival’s zone (or one with the same offset)', () => {
    expect(whenLines(start, null, 'America/Toronto', 'both', 'America/New_York')).toEqual([
      'Thursday, September 6, 2007 · 10:38 PM EDT',
    ]);
  });

  it('says when the time or the date is not announced', () => {
    expect(whenText('2007-09-09', null, 'America/Toronto')).toBe('Sunday, September 9, 2007 · time not announced');
    expect(whenText(null, null, 'America/Toronto')).toBe('Date not announced');
    expect(whenText(start, '2007-09-07T02:00:00-04:00', 'America/Toronto')).toBe(
      'Thursday, September 6, 2007 · 10:38 PM–2:00 AM EDT',
    );
  });
});

describe('what is known of a time', () => {
  it('puts a time note beside the day, in place of "time not announced"', () => {
    expect(whenText('2007-09-06', null, 'America/Toronto', 'late evening')).toBe(
      'Thursday, September 6, 2007 · late evening',
    );
    expect(whenText(null, null, 'America/Toronto', 'late')).toBe('Date not announced · late');
    expect(whenText(start, null, 'America/Toronto', 'after the gala')).toBe(
      'Thursday, September 6, 2007 · 10:38 PM EDT · after the gala',
    );
    // Positive control: without a note the words for a missing time are there.
    expect(whenText('2007-09-06', null, 'America/Toronto', null)).toContain('time not announced');
  });

  it('writes an end whose start time is not known as "until"', () => {
    expect(whenText('2007-09-09', '2007-09-09T15:00:00-04:00', 'America/Toronto')).toBe(
      'Sunday, September 9, 2007 · until 3:00 PM EDT',
    );
  });

  it('gives the note to the festival-time line only', () => {
    expect(whenLines(start, null, 'America/Toronto', 'both', 'Europe/Paris', 'from 10 pm')).toEqual([
      'Thursday, September 6, 2007 · 10:38 PM EDT · from 10 pm',
      'Your time: Friday, September 7, 2007 · 4:38 AM GMT+2',
    ]);
  });
});
