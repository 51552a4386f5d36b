import { describe, expect, it } from 'vitest';
import { webCalendarLinks } from '../../../src/core/ical/index.ts';
import { plainEvent } from './plain-event.ts';

const params = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe('webCalendarLinks', () => {
  it('writes a timed event as UTC instants for both services', () => {
    const links = webCalendarLinks(
      plainEvent('a', {
        title: 'Gala, after',
        start: '2007-09-10T21:00:00-04:00',
        end: '2007-09-11T01:30:00-04:00',
        venue: { name: 'The Drake', address: '1150 Queen St W', geo: null },
        url: 'https://example.org/gala',
      }),
      'America/Toronto',
      { details: 'Host: Someone' },
    )!;
    expect(links.google.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    expect(params(links.google)).toEqual({
      action: 'TEMPLATE',
      text: 'Gala, after',
      dates: '20070911T010000Z/20070911T053000Z',
      location: 'The Drake, 1150 Queen St W',
      details: 'Host: Someone\n\nhttps://example.org/gala',
    });
    expect(links.outlook.startsWith('https://outlook.live.com/calendar/0/deeplink/compose?')).toBe(true);
    expect(params(links.outlook)).toMatchObject({
      rru: 'addevent',
      subject: 'Gala, after',
      startdt: '2007-09-11T01:00:00Z',
      enddt: '2007-09-11T05:30:00Z',
      location: 'The Drake, 1150 Queen St W',
    });
    expect(params(links.outlook).allday).toBeUndefined();
  });

  it('gives an unknown end no length instead of guessing one', () => {
    const links = webCalendarLinks(plainEvent('b', { start: '2007-09-10T21:00:00-04:00', end: null }), 'UTC')!;
    expect(params(links.google).dates).toBe('20070911T010000Z/20070911T010000Z');
    expect(params(links.outlook).enddt).toBe(params(links.outlook).startdt);
  });

  it('makes a date without a time an all-day event, the end exclusive', () => {
    const one = webCalendarLinks(plainEvent('c', { start: '2007-09-10', end: null }), 'America/Toronto')!;
    expect(params(one.google).dates).toBe('20070910/20070911');
    expect(params(one.outlook)).toMatchObject({ startdt: '2007-09-10', enddt: '2007-09-11', allday: 'true' });
    const two = webCalendarLinks(plainEvent('d', { start: '2007-09-10', end: '2007-09-12' }), 'UTC')!;
    expect(params(two.google).dates).toBe('20070910/20070913');
  });

  it('gives no link to an event without a date, and none of a venue or details it lacks', () => {
    expect(webCalendarLinks(plainEvent('e', { start: null }), 'UTC')).toBeNull();
    const bare = webCalendarLinks(plainEvent('f'), 'UTC')!;
    expect(params(bare.google).location).toBeUndefined();
    expect(params(bare.google).details).toBeUndefined();
    expect(params(bare.outlook).body).toBeUndefined();
  });

  it('cuts a long description to keep the address short', () => {
    const links = webCalendarLinks(plainEvent('g'), 'UTC', { details: 'x'.repeat(5_000) })!;
    expect(params(links.google).details!.length).toBe(1_000);
  });
});
