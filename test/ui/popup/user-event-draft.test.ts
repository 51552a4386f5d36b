import { describe, expect, it } from 'vitest';
import type { FestivalRow } from '../../../src/core/rows.ts';
import { checkUserEventInput } from '../../../src/core/user-event-input.ts';
import { defaultFestival, draftOf, inputOf } from '../../../src/ui/popup/user-event-draft.ts';

const tiff: FestivalRow = {
  key: 'default/tiff-2007',
  feedId: 'default',
  id: 'tiff-2007',
  name: 'TIFF 2007',
  timeZone: 'America/Toronto',
  start: '2007-09-06',
  end: '2007-09-15',
};
const cannes: FestivalRow = {
  key: 'other/cannes-2008',
  feedId: 'other',
  id: 'cannes-2008',
  name: 'Cannes 2008',
  timeZone: 'Europe/Paris',
  start: '2008-05-14',
  end: '2008-05-25',
};

describe('the "Add an event" form fields', () => {
  it('default to the festival on now, else the latest, and its time zone', () => {
    expect(defaultFestival([tiff, cannes], '2007-09-10')).toBe(tiff);
    expect(defaultFestival([tiff, cannes], '2030-01-01')).toBe(cannes);
    expect(draftOf(null, [tiff], 'default/ypf')).toMatchObject({
      festival: 'default/tiff-2007',
      timeZone: 'America/Toronto',
      films: ['default/ypf'],
      access: 'invite',
    });
  });

  it('store the time with the offset of the chosen zone; an end before the start is after midnight', () => {
    const draft = {
      ...draftOf(null, [cannes]),
      title: ' Dîner ',
      date: '2008-05-20',
      time: '22:30',
      endTime: '01:00',
      venue: 'Carlton',
      url: 'https://x.example/',
    };
    const input = inputOf(draft, null);
    expect(input).toMatchObject({
      title: 'Dîner',
      start: '2008-05-20T22:30:00+02:00',
      end: '2008-05-21T01:00:00+02:00',
      festival: 'other/cannes-2008',
      venue: { name: 'Carlton', address: null },
    });
    expect(typeof checkUserEventInput(input)).toBe('object');
    expect(inputOf({ ...draft, time: '' }, null)).toMatchObject({ start: '2008-05-20', end: null });
    expect(inputOf({ ...draft, date: '' }, null)).toMatchObject({ start: null });
  });

  it('say what is wrong in plain words', () => {
    const draft = draftOf(null, [tiff]);
    expect(inputOf(draft, null)).toBe('Give the event a title.');
    expect(inputOf({ ...draft, title: 'x', url: 'javascript:alert(1)' }, null)).toBe(
      'The link must start with http:// or https://.',
    );
  });

  it('round-trip an event being edited in the zone it was entered in', () => {
    const input = inputOf({ ...draftOf(null, [tiff]), title: 'Karaoke', date: '2007-09-09', time: '23:00' }, null);
    if (typeof input === 'string') throw new Error(input);
    const stored = { ...input, id: 'k', key: 'user/k', feedId: 'user', filmKeys: [], createdAt: '', updatedAt: '' };
    expect(draftOf(stored, [tiff])).toMatchObject({
      date: '2007-09-09',
      time: '23:00',
      timeZone: 'America/Toronto',
      festival: 'default/tiff-2007',
    });
  });
});
