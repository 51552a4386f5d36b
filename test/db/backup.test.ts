import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { makeBackup, restoreBackup } from '../../src/db/backup.ts';
import { clearCache } from '../../src/db/clear-cache.ts';
import { readBackup } from '../../src/db/read-backup.ts';
import type { UserEventRow } from '../../src/core/rows.ts';
import { readPlan, setSaved } from '../../src/db/plan.ts';
import { insertFeed } from '../../src/db/feeds.ts';
import { listingsFor } from '../../src/db/queries.ts';
import { addUserEvent } from '../../src/db/user-events.ts';
import { addUserFilm } from '../../src/db/user-films.ts';
import type { UserEventInput } from '../../src/core/user-event-input.ts';
import { freshDb } from './fake-db.ts';
import { userEventRow } from './user-event-row.ts';
import { withTitles } from '../background/with-titles.ts';

const userEvent: UserEventRow = userEventRow('karaoke', ['default/medicine-for-melancholy'], {
  title: 'Press karaoke',
  venue: { name: 'A bar on Queen West', address: null },
  access: 'public',
  timeZone: null,
  moved: false,
});

function inputOf(row: UserEventRow): UserEventInput {
  const { key: _k, id: _i, feedId: _f, filmKeys: _fk, createdAt: _c, updatedAt: _u, invitation: _inv, ...fields } = row;
  return { ...fields, timeZone: row.timeZone ?? null, moved: row.moved ?? false };
}

async function seeded() {
  const db = freshDb();
  await loadDefaultFeed(db);
  const anyEvent = (await db.events.toArray())[0]!;
  await setSaved(db, anyEvent.key, 'going');
  await db.userEvents.put(userEvent);
  await setSaved(db, userEvent.key, 'interested');
  await db.corrections.put({
    id: 'c1',
    filmKey: 'default/up',
    surface: 'up',
    site: 'example.org',
    createdAt: '2026-01-01',
  });
  await db.settings.put({ id: 'display', value: { ...DEFAULT_SETTINGS, theme: 'dark' } });
  return { db, anyEvent };
}

describe('backup and restore', () => {
  it('round-trips the user data through JSON into an empty profile', async () => {
    const { db } = await seeded();
    const file = JSON.parse(JSON.stringify(await makeBackup(db, new Date('2026-02-01T00:00:00Z'))));
    expect(file).toMatchObject({ format: 'afterparty-backup', version: 1, exportedAt: '2026-02-01T00:00:00.000Z' });
    const other = freshDb();
    expect(await restoreBackup(other, file)).toEqual({
      saved: 2,
      corrections: 1,
      userEvents: 1,
      userFilms: 0,
      feedsToSubscribe: [],
      savedNotSubscribed: 0,
      savedNotFound: 0,
    });
    expect(await other.saved.count()).toBe(2);
    expect(await other.userEvents.get('user/karaoke')).toEqual(userEvent);
    expect((await other.settings.get('display'))?.value).toMatchObject({ theme: 'dark' });
    expect(await makeBackup(other, new Date('2026-02-01T00:00:00Z'))).toEqual(file);
  });

  it("keeps the user's own films, and the own events that name them, through the same checks", async () => {
    const { db } = await seeded();
    const { film } = await addUserFilm(db, {
      title: 'A Film Nobody Lists',
      aliases: ['Nobody'],
      year: 2026,
      directors: [],
    });
    const named = await addUserEvent(db, { ...inputOf(userEvent), films: [film.key] });
    expect(named.filmKeys).toEqual([film.key]);
    const file = JSON.parse(JSON.stringify(await makeBackup(db)));
    expect(file.userFilms).toEqual([film]);
    const other = freshDb();
    await loadDefaultFeed(other);
    expect(await restoreBackup(other, file)).toMatchObject({ userEvents: 2, userFilms: 1 });
    const { listings } = await listingsFor(other, [film.key]);
    expect(listings.map((l) => [l.film.title, l.events.map((e) => e.key)])).toEqual([[film.title, [named.key]]]);
    // A file from before own films were kept restores with none (positive control above).
    const { userFilms: _films, ...older } = file;
    expect(await restoreBackup(freshDb(), older)).toMatchObject({ userFilms: 0 });
    // Checked like a film added by hand: a bad one refuses the whole file, which changes nothing.
    const bad = { ...file, userFilms: [{ ...film, title: '', year: 12 }] };
    await expect(restoreBackup(other, bad)).rejects.toThrow(
      /userFilms\[0\] is not a valid film \(film\.title: title is empty/,
    );
    const badId = { ...file, userFilms: [{ ...film, id: '../default/up' }] };
    await expect(restoreBackup(other, badId)).rejects.toThrow(/userFilms\[0\]\.id must be a film id/);
    expect(await other.userFilms.toArray()).toEqual([film]);
    // Its key and feed are the user's, whatever the file says.
    const moved = { ...file, userFilms: [{ ...film, key: 'default/up', feedId: 'default' }] };
    await restoreBackup(other, moved);
    expect(await other.userFilms.toArray()).toEqual([film]);
  });

  it('keeps the addresses of subscribed feeds, which a restore offers where they are missing', async () => {
    const { db } = await seeded();
    await insertFeed(db, 'f1', {
      title: 'Parties',
      url: 'https://example.com/parties.ics',
      builtIn: false,
      updated: null,
      lastSync: null,
      lastError: null,
      problems: [],
      eventCount: 0,
      filmCount: 0,
    });
    const file = JSON.parse(JSON.stringify(await makeBackup(db)));
    expect(file.feeds).toEqual(['https://example.com/parties.ics']);
    expect((await restoreBackup(freshDb(), file)).feedsToSubscribe).toEqual(['https://example.com/parties.ics']);
    // Restored where it is subscribed already: nothing to offer.
    expect((await restoreBackup(db, file)).feedsToSubscribe).toEqual([]);
    // A file from before feeds were kept restores with none.
    const { feeds: _feeds, ...older } = file;
    expect((await restoreBackup(freshDb(), older)).feedsToSubscribe).toEqual([]);
    await expect(restoreBackup(freshDb(), { ...file, feeds: ['javascript:alert(1)'] })).rejects.toThrow(
      /feeds\[0\] must be an http\(s\) address/,
    );
  });

  it('refuses a bad file whole and changes nothing', async () => {
    const { db } = await seeded();
    const before = await makeBackup(db, new Date(0));
    const good = JSON.parse(JSON.stringify(before));
    const broken = { ...good, saved: [...good.saved, { eventKey: 'x/y', status: 'maybe', savedAt: '' }] };
    await expect(restoreBackup(db, broken)).rejects.toThrow(/saved\[2\]\.status must be one of going, interested/);
    await expect(
      restoreBackup(db, { ...good, userEvents: [{ ...userEvent, url: 'javascript:alert(1)' }] }),
    ).rejects.toThrow(/http/);
    await expect(restoreBackup(db, { hello: 1 })).rejects.toThrow(/not an Afterparty backup/);
    await expect(restoreBackup(db, { ...good, version: 9 })).rejects.toThrow(/newer Afterparty/);
    await expect(restoreBackup(db, [])).rejects.toThrow(/not an Afterparty backup|object/);
    expect(await makeBackup(db, new Date(0))).toEqual(before);
  });

  it('defaults bad settings in a backup rather than refusing it', () => {
    const backup = readBackup({
      format: 'afterparty-backup',
      version: 1,
      exportedAt: 'x',
      saved: [],
      corrections: [],
      userEvents: [],
      settings: { hoverDelay: -5 },
    });
    expect(typeof backup === 'string' ? backup : backup.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('clears only the listings cache, keeping the user data, and the default feed comes back', async () => {
    const { db, anyEvent } = await seeded();
    await db.feeds.put({
      id: 'sub',
      title: 'Sub',
      url: 'https://example.org/f.json',
      builtIn: false,
      updated: null,
      lastSync: 'x',
      lastError: null,
      problems: [],
      eventCount: 3,
      filmCount: 2,
      sync: { kind: 'ical', slot: 'b', etag: '"abc"', contentHash: 'h' },
    } as never);
    await clearCache(db);
    expect(await db.events.count()).toBe(0);
    expect(await db.films.count()).toBe(0);
    expect(await db.saved.count()).toBe(2);
    expect(await db.userEvents.count()).toBe(1);
    expect(await db.corrections.count()).toBe(1);
    const sub = (await db.feeds.get('sub')) as unknown as Record<string, unknown>;
    expect(sub).toMatchObject({ url: 'https://example.org/f.json', lastSync: null, eventCount: 0 });
    expect(sub.sync).toMatchObject({ kind: 'ical', slot: 'a', etag: null, contentHash: null });
    expect(await db.feeds.get('default')).toBeUndefined();
    await loadDefaultFeed(db);
    expect((await readPlan(db)).events.map((e) => e.key)).toContain(anyEvent.key);
  });
});

describe('plan and settings messages', () => {
  const handlersFor = (db: ReturnType<typeof freshDb>) => createHandlers(withTitles({ db, ready: async () => {} }));

  it('saves from a content script, strictly validated, and reads the plan back', async () => {
    const { db, anyEvent } = await seeded();
    // A content script may save only events a card shows: those of a listed film.
    const listed = (await db.events.toArray()).find((e) => e.filmKeys.length > 0 && e.key !== anyEvent.key)!;
    const handlers = handlersFor(db);
    const fromContent = { extensionPage: false };
    expect(
      await route(handlers, { type: 'setSaved', params: { eventKey: listed.key, status: 'interested' } }, fromContent),
    ).toMatchObject({ result: { saved: { status: 'interested' } } });
    expect(
      await route(handlers, { type: 'setSaved', params: { eventKey: listed.key, status: 'maybe' } }, fromContent),
    ).toEqual({ error: expect.stringMatching(/status/) });
    expect(
      await route(
        handlers,
        { type: 'setSaved', params: { eventKey: listed.key, status: null, extra: 1 } },
        fromContent,
      ),
    ).toEqual({ error: expect.stringMatching(/exactly/) });
    expect(
      await route(
        handlers,
        { type: 'setSaved', params: { eventKey: 'default/no-such-event', status: 'going' } },
        fromContent,
      ),
    ).toEqual({ error: expect.stringMatching(/films it lists/) });
    expect(await route(handlers, { type: 'getPlan', params: {} }, fromContent)).toEqual({
      error: expect.stringMatching(/own pages/),
    });
    expect(
      await route(
        handlers,
        { type: 'getSavedStatus', params: { eventKeys: [listed.key, 'default/other'] } },
        fromContent,
      ),
    ).toEqual({
      result: {
        saved: { [listed.key]: 'interested' },
        reminders: { [listed.key]: expect.objectContaining({ on: false, at: null }) },
        clashes: {},
        shortcut: null,
      },
    });
    expect(await route(handlers, { type: 'getSavedStatus', params: { eventKeys: 'all' } }, fromContent)).toEqual({
      error: expect.stringMatching(/eventKeys/),
    });
    const plan = await handlers.getPlan({});
    expect(plan.saved.find((s) => s.eventKey === listed.key)?.status).toBe('interested');
    expect(plan.events.map((e) => e.key)).toEqual(expect.arrayContaining([listed.key, 'user/karaoke']));
    await route(handlers, { type: 'setSaved', params: { eventKey: listed.key, status: null } }, fromContent);
    expect((await handlers.getPlan({})).saved.map((s) => s.eventKey).sort()).toEqual(
      [anyEvent.key, 'user/karaoke'].sort(),
    );
  });

  it('changes settings only from extension pages', async () => {
    const db = freshDb();
    const handlers = handlersFor(db);
    expect(
      await route(handlers, { type: 'setSettings', params: { patch: { theme: 'dark' } } }, { extensionPage: false }),
    ).toEqual({ error: expect.stringMatching(/only from Afterparty's own pages/) });
    expect(await route(handlers, { type: 'clearCache', params: {} }, { extensionPage: false })).toEqual({
      error: expect.stringMatching(/own pages/),
    });
    expect(
      await route(
        handlers,
        { type: 'setSettings', params: { patch: { hoverDelay: 'slow' } } },
        { extensionPage: true },
      ),
    ).toEqual({ error: expect.stringMatching(/hoverDelay/) });
    expect(
      await route(
        handlers,
        { type: 'setSettings', params: { patch: { theme: 'dark', hoverDelay: 500 } } },
        { extensionPage: true },
      ),
    ).toEqual({ result: { ...DEFAULT_SETTINGS, theme: 'dark', hoverDelay: 500 } });
    expect(await route(handlers, { type: 'getSettings', params: {} }, { extensionPage: false })).toEqual({
      result: { ...DEFAULT_SETTINGS, theme: 'dark', hoverDelay: 500 },
    });
  });
});
