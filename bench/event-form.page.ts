// The own-event form's reads at issue 28's scale, in Chromium's IndexedDB (run by
// bench/event-form.mjs): what opening the form sent and cost before (every film's key and title)
// and now (a count), the worker's search, the picker's exact title, and what schema v8's title
// index costs to write and to build on upgrade. Old and new are run in turns, on one database.
import Dexie from 'dexie';
import { capTitles } from '../src/core/matching/index.ts';
import type { FilmRow } from '../src/core/rows.ts';
import { titleChoices, titleList } from '../src/core/title-choices.ts';
import { openDatabase } from '../src/db/database.ts';
import { DEFAULT_SYNC_STATE } from '../src/db/feed-sync-state.ts';
import { liveFilmsTitled, liveTitles } from '../src/db/film-titles.ts';
import { eventCatalog, liveFestivals, liveFilms } from '../src/db/queries.ts';
import { scaleFilms } from './catalog.ts';
import { feedRow } from '../test/background/feed-row.ts';

const FEEDS = 5;
const V7 = {
  feeds: 'id',
  festivals: 'key, feedId',
  films: 'key, feedId',
  events: 'key, feedId, *filmKeys, start',
  saved: 'eventKey',
  corrections: 'id, filmKey, site',
  userEvents: 'key, start, *filmKeys',
  settings: 'id',
  festivalsAlt: 'key, feedId',
  filmsAlt: 'key, feedId',
  eventsAlt: 'key, feedId, *filmKeys, start',
  stageJobs: 'feedId',
  leases: 'name',
  userFilms: 'key',
  matcherIndex: 'id',
};

function rows(count: number) {
  const films = scaleFilms(count);
  const per = Math.ceil(films.length / FEEDS);
  const feeds = Array.from({ length: FEEDS }, (_, f) => ({
    ...feedRow(`Feed ${f}`, `https://example.org/${f}.json`),
    id: `feed${f}`,
    filmCount: per,
    sync: { ...DEFAULT_SYNC_STATE, enabled: true, slot: 'a' as const },
  }));
  const filmRows: FilmRow[] = films.map((film, i) => {
    const feedId = `feed${Math.floor(i / per)}`;
    return {
      key: `${feedId}/${film.id}`,
      feedId,
      id: film.id,
      title: film.title,
      aliases: [...film.aliases],
      year: film.year ?? null,
      directors: [],
    };
  });
  return { feeds, filmRows };
}

async function fill(db: Dexie, data: ReturnType<typeof rows>): Promise<number> {
  const start = performance.now();
  await db.table('feeds').bulkPut(data.feeds);
  for (let i = 0; i < data.filmRows.length; i += 5_000)
    await db.table('films').bulkPut(data.filmRows.slice(i, i + 5_000));
  return performance.now() - start;
}

const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const out = await work();
  return [performance.now() - start, out];
};
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

async function measure(count: number, pairs: number) {
  const data = rows(count);
  const out: Record<string, unknown> = { films: data.filmRows.length };
  // Writing the films: v7 (no title index) against v8, then the upgrade of the v7 database.
  const name = `measure-${Date.now()}`;
  await Dexie.delete(`${name}-7`);
  await Dexie.delete(`${name}-8`);
  const v7 = new Dexie(`${name}-7`);
  v7.version(7).stores(V7);
  out.writeV7Ms = Math.round(await fill(v7, data));
  v7.close();
  const fresh = openDatabase(`${name}-8`);
  out.writeV8Ms = Math.round(await fill(fresh, data));
  fresh.close();
  const [upgradeMs, db] = await timed(async () => {
    const opened = openDatabase(`${name}-7`);
    await opened.open();
    return opened;
  });
  out.upgradeV7toV8Ms = Math.round(upgradeMs);

  const title = data.filmRows[count - 7]!.title.toUpperCase();
  const runs: Record<string, number[]> = {};
  const add = (key: string, ms: number) => (runs[key] ??= []).push(Math.round(ms));
  for (let p = 0; p < pairs; p++) {
    // The form's opening: before, every film's key and title; now a count (and no film past 300).
    const [oldOpen, oldSent] = await timed(async () => {
      const [films, festivals] = await Promise.all([liveFilms(db), liveFestivals(db)]);
      return { films: films.map(({ key, title: t }) => ({ key, title: t })), festivals };
    });
    add('openOldMs', oldOpen);
    out.openOldBytes = bytes(oldSent);
    const [newOpen, newSent] = await timed(() => eventCatalog(db));
    add('openNewMs', newOpen);
    out.openNewBytes = bytes(newSent);
    // The worker's first search after a catalog change reads the titles; the next ones do not.
    const [first, list] = await timed(async () => titleList(await liveTitles(db)));
    add('searchFirstMs', first);
    const [next, found] = await timed(async () => titleChoices(list, 'ka'));
    add('searchNextMs', next);
    out.searchAnswerBytes = bytes({ films: found });
    out.searchAnswerFilms = found.length;
    // The picker's exact title: before, the catalog's titles (every film on a woken worker).
    const [oldExact, oldFound] = await timed(async () =>
      capTitles(await liveFilms(db)).kept.find((f) => f.title.toLowerCase() === title.toLowerCase()),
    );
    add('exactOldMs', oldExact);
    const [newExact, newFound] = await timed(() => liveFilmsTitled(db, title));
    add('exactNewMs', newExact);
    if (oldFound?.key !== newFound[0]?.key)
      throw new Error(`exact titles differ: ${oldFound?.key} ${newFound[0]?.key}`);
  }
  db.close();
  await Dexie.delete(`${name}-7`);
  await Dexie.delete(`${name}-8`);
  return { ...out, ...runs };
}

(globalThis as unknown as { measure: typeof measure }).measure = measure;
