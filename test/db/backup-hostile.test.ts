// The backup file is the attacker (issue 11, item 15): every own event in it goes through
// addUserEvent's checks, with its key and feed forced to the user's, and a bad file changes
// nothing. Each refusal sits beside a file that restores, so a refusal is the check at work.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { exportIcs } from '../../src/core/ical/index.ts';
import { USER_FEED_ID, type UserEventRow } from '../../src/core/rows.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { makeBackup, restoreBackup } from '../../src/db/backup.ts';
import { readBackup } from '../../src/db/read-backup.ts';
import { listingsFor } from '../../src/db/queries.ts';
import { addUserEvent, deleteUserEvent, listUserEvents } from '../../src/db/user-events.ts';
import { freshDb } from './fake-db.ts';

const FILM = 'default/fugitive-pieces';

const good = (): Record<string, unknown> => ({
  key: 'user/party-1',
  id: 'party-1',
  feedId: 'user',
  kind: 'party',
  title: 'Press karaoke',
  films: [FILM],
  filmKeys: [FILM],
  festival: null,
  start: '2007-09-08T23:00:00-04:00',
  end: null,
  venue: { name: 'A bar', address: null },
  host: null,
  access: 'public',
  url: 'https://example.org/party',
  description: 'Bring a song.',
  source: null,
  cancelled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  timeZone: null,
  moved: false,
});

const file = (...userEvents: unknown[]) => ({
  format: 'afterparty-backup',
  version: 1,
  exportedAt: '2026-02-01T00:00:00.000Z',
  saved: [],
  corrections: [],
  userEvents,
  settings: DEFAULT_SETTINGS,
});

function restored(document: unknown): UserEventRow[] {
  const backup = readBackup(document);
  if (typeof backup === 'string') throw new Error(backup);
  return backup.userEvents;
}

describe('restoring own events from a backup file', () => {
  it('restores a good event as it was (the control for every refusal below)', () => {
    expect(restored(file(good()))).toEqual([good()]);
  });

  it('refuses a link carrying a line break, which would reach the .ics raw, and writes nothing', async () => {
    const db = freshDb();
    await restoreBackup(db, file(good()));
    const before = await makeBackup(db, new Date(0));
    const injected = 'https://example.org/\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM';
    for (const bad of [
      { ...good(), url: injected },
      { ...good(), source: { name: 'Site', url: injected } },
      { ...good(), url: 'https://example.org/a b' },
      { ...good(), url: 'javascript:alert(1)' },
    ]) {
      await expect(restoreBackup(db, file({ ...good(), id: 'other', key: 'user/other' }, bad))).rejects.toThrow(
        /must be an http\(s\) address/,
      );
    }
    expect(await makeBackup(db, new Date(0))).toEqual(before);
  });

  it('makes every event the user\'s: a key or feed of "default" is replaced, so it shows as yours and deletes', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    await restoreBackup(db, file({ ...good(), key: 'default/fugitive-pieces-rosedale', feedId: 'default' }));
    const [row] = await listUserEvents(db);
    expect(row).toMatchObject({ key: 'user/party-1', feedId: USER_FEED_ID, id: 'party-1' });
    const { listings } = await listingsFor(db, [FILM]);
    expect(listings[0]!.events.filter((e) => e.feedId === USER_FEED_ID).map((e) => e.key)).toEqual(['user/party-1']);
    expect(await deleteUserEvent(db, 'user/party-1')).toBe(true);
    expect(await listUserEvents(db)).toEqual([]);
  });

  it('refuses ids and links that are not keys: an id with a slash, a "user" film that is no own film\'s key, a festival of no feed', () => {
    // Positive control: an own film's key is a film key (src/db/user-films.ts).
    expect(readBackup(file({ ...good(), filmKeys: ['user/party-2'] }))).toMatchObject({
      userEvents: [{ filmKeys: ['user/party-2'] }],
    });
    for (const bad of [
      { ...good(), id: '../default/x' },
      { ...good(), filmKeys: ['user/../default/x'] },
      { ...good(), filmKeys: ['no-feed'] },
      { ...good(), festival: 'tiff-2007' },
    ]) {
      expect(readBackup(file(bad))).toMatch(/^The backup is damaged: userEvents\[0\]/);
    }
  });

  it('cleans text like feed text: bidi controls and control characters go', () => {
    const [row] = restored(
      file({
        ...good(),
        title: 'Press \u202Ekaraoke\u202C\u0007',
        description: 'Bring\u2066 a song.',
        venue: { name: 'A \u200Fbar', address: null },
        host: 'Eve\u061C',
      }),
    );
    expect(row).toMatchObject({ title: 'Press karaoke', description: 'Bring a song.', host: 'Eve' });
    expect(row!.venue).toEqual({ name: 'A bar', address: null });
  });

  it('refuses dates that are not dates, in the event and in its stamps', () => {
    for (const bad of [
      { ...good(), start: 'tomorrow' },
      { ...good(), start: '2007-02-30T23:00:00-04:00' },
      { ...good(), createdAt: 'yesterday' },
      { ...good(), updatedAt: '2026-13-01T00:00:00.000Z' },
    ]) {
      expect(readBackup(file(bad))).toMatch(/^The backup is damaged: userEvents\[0\]/);
    }
  });

  it('keeps only the fields an event has', () => {
    const [row] = restored(file({ ...good(), evil: '<script>', url2: 'x', ['__proto__']: { polluted: true } }));
    expect(Object.keys(row!).sort()).toEqual(Object.keys(good()).sort());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('restores what addUserEvent wrote unchanged, and exports it as one event', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const event = await addUserEvent(
      db,
      {
        kind: 'party',
        title: 'Own, with; commas',
        films: [FILM],
        festival: null,
        start: '2007-09-08T23:00:00-04:00',
        end: null,
        venue: null,
        host: null,
        access: 'public',
        url: 'https://example.org/p?a=1&b=2',
        description: 'Line one\nLine two',
        source: null,
        cancelled: false,
        timeZone: null,
        moved: false,
      },
      { now: () => new Date('2026-01-01T00:00:00Z'), newId: () => 'fixed-id' },
    );
    const backup = JSON.parse(JSON.stringify(await makeBackup(db)));
    const other = freshDb();
    await restoreBackup(other, backup);
    expect(await listUserEvents(other)).toEqual([event]);
    const { ics } = exportIcs([{ event, timeZone: 'America/Toronto' }], Date.UTC(2026, 0, 1));
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
    expect(ics).toContain('\r\nURL:https://example.org/p?a=1&b=2\r\n');
  });
});
