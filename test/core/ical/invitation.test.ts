import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInvitation } from '../../../src/core/ical/index.ts';
import { compileMatcher, filmTie } from '../../../src/core/matching/index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/invitations/${name}`, import.meta.url), 'utf8');
const FILMS = [
  { id: 'default/happy-go-lucky', title: 'Happy-Go-Lucky', aliases: [], year: 2008, directors: ['Mike Leigh'] },
  { id: 'default/rachel-getting-married', title: 'Rachel Getting Married', aliases: [], year: 2008, directors: [] },
];
const tie = filmTie(compileMatcher(FILMS));

describe('readInvitation', () => {
  it('reads a REQUEST: its UID, SEQUENCE and event, tied to the film its summary names', () => {
    const result = readInvitation(fixture('request.ics'), { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.method).toBe('REQUEST');
    expect(result.timeZone).toBe('America/Toronto');
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({
      uid: 'happy-go-lucky-dinner-2008@alliance.example',
      sequence: 0,
      event: {
        kind: 'dinner',
        title: 'Dinner for Happy-Go-Lucky',
        start: '2008-09-06T20:00:00-04:00',
        venue: { name: 'Josos', address: '202 Davenport Rd' },
        films: ['default/happy-go-lucky'],
        cancelled: false,
      },
    });
  });

  it('reads the title from SUMMARY without the email subject around it, and the place from LOCATION', () => {
    const text = fixture('request.ics').replace(
      'SUMMARY:Dinner for Happy-Go-Lucky',
      'SUMMARY:Invitation: Dinner for Happy-Go-Lucky @ Sat Sep 6\\, 2008 8pm - 11pm (EDT) (ana@example.com)',
    );
    const result = readInvitation(text, { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.items[0]?.event).toMatchObject({
      title: 'Dinner for Happy-Go-Lucky',
      venue: { name: 'Josos', address: '202 Davenport Rd' },
      films: ['default/happy-go-lucky'],
    });
  });

  it('reads the higher SEQUENCE of an update', () => {
    const result = readInvitation(fixture('request-moved.ics'), { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.items[0]).toMatchObject({ sequence: 1, event: { start: '2008-09-06T21:00:00-04:00' } });
  });

  it('reads a CANCEL, its event marked cancelled', () => {
    const result = readInvitation(fixture('cancel.ics'), { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.method).toBe('CANCEL');
    expect(result.items[0]).toMatchObject({
      uid: 'happy-go-lucky-dinner-2008@alliance.example',
      sequence: 2,
      event: { cancelled: true },
    });
  });

  it('takes a file with no METHOD as PUBLISH, and ties a film named only in the description', () => {
    const text = fixture('request.ics')
      .replace('METHOD:REQUEST\n', '')
      .replace('SUMMARY:Dinner for Happy-Go-Lucky', 'SUMMARY:Press dinner')
      .replace('DESCRIPTION:Seated dinner', 'DESCRIPTION:For Rachel Getting Married. Seated dinner');
    const result = readInvitation(text, { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.method).toBe('PUBLISH');
    expect(result.items[0]?.event.films).toEqual(['default/rachel-getting-married']);
  });

  it('ties no film when none is named, and keeps the event', () => {
    const text = fixture('request.ics').replace('SUMMARY:Dinner for Happy-Go-Lucky', 'SUMMARY:Sponsor rooftop');
    const result = readInvitation(text, { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.items.map((i) => [i.event.title, i.event.films])).toEqual([['Sponsor rooftop', []]]);
  });

  it('names each occurrence of a recurring invitation by its UID and day, with the series SEQUENCE', () => {
    const text = fixture('request.ics').replace('SEQUENCE:0\n', 'SEQUENCE:3\nRRULE:FREQ=DAILY;COUNT=2\n');
    const result = readInvitation(text, { tie });
    if (!result.ok) throw new Error(result.error);
    expect(result.items.map((i) => [i.uid, i.sequence])).toEqual([
      ['happy-go-lucky-dinner-2008@alliance.example/2008-09-06T2000', 3],
      ['happy-go-lucky-dinner-2008@alliance.example/2008-09-07T2000', 3],
    ]);
  });

  it('refuses what is not a calendar', () => {
    expect(readInvitation('Dear guest, you are invited.').ok).toBe(false);
  });
});
