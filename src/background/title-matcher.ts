// The title matcher, built in the background once per catalog and shared by every frame of
// every tab, the iCalendar import, the invitation preview, the popup's page events and its film
// picker: a frame that compiled its own spent hundreds of milliseconds and megabytes on a
// 10,000-film catalog before its first scan (docs/performance.md). Once built, the matcher is
// stored (stored-matcher.ts), and a worker woken by a page reads it back instead of building.
import {
  capTitles,
  compileTitles,
  defaultLexicon,
  findPacked,
  matcherOf,
  MatchPacker,
  warmUpBlocks,
  type Matcher,
  type TitleSource,
} from '../core/matching/index.ts';
import type { FilmRow } from '../core/rows.ts';
import { listFeeds, listUserFilms, liveFilms, syncStateOf, type AfterpartyDb } from '../db/index.ts';
import { mark, timed } from './dev-marks.ts';
import { idleTask } from './idle-task.ts';
import { indexBytes } from './index-file.ts';
import { loadStoredMatcher, saveMatcher, type StoredMatcher } from './stored-matcher.ts';

/** A matcher with the titles it was built from. */
export interface TitleCatalog {
  matcher: Matcher;
  sources: readonly TitleSource[];
}

export interface TitleMatcherCache {
  /** The matcher over the live catalog, built on first use after a change. */
  get(): Promise<Matcher>;
  /** The same matcher with its titles: what a film's key is called, what a catalog hash covers. */
  catalog(): Promise<TitleCatalog>;
  /**
   * The catalog as it is now: rechecked first, for an answer that must see a film just added
   * (the recheck after a data change comes up to a notice later).
   */
  latest(): Promise<TitleCatalog>;
  /** The matcher as `latest` rechecks it, without its titles (every film's, at 100,000 films). */
  latestMatcher(): Promise<Matcher>;
  /** The catalog may have changed: the next `get` builds again. */
  forget(): void;
  /**
   * The extension was installed or updated: the matching code may have changed, so the stored
   * matcher is dropped (before anything reads it) and the next `get` builds.
   */
  discardStored(): void;
  /**
   * After a data change: forgets the matcher only if the catalog changed. Most changes (a save,
   * a setting, a correction, another device's plan) leave it as it is, and a rebuild costs a
   * frame its first underline.
   */
  recheck(): Promise<void>;
  /**
   * The worker has just started: the catalog's print and the stored matcher are read now, so
   * that a page's first request finds them under way or done. Nothing is compiled until asked
   * (a wake by an alarm builds nothing); a failure is forgotten and the next request reads again.
   */
  begin(): void;
}

/**
 * What the live catalog depends on: each feed's live slot and what was stored in it, and the
 * user's own films. Not the rest of a feed's sync state (its next attempt, its back-off), which
 * every sync attempt writes: the feed sync rechecks before it ties a calendar's events.
 */
export async function catalogPrint(db: AfterpartyDb): Promise<string> {
  const [feeds, own] = await Promise.all([listFeeds(db), listUserFilms(db)]);
  return JSON.stringify([
    feeds
      .map((f) => {
        const { enabled, slot, generation, contentHash } = syncStateOf(f);
        return [f.id, f.filmCount, f.updated, enabled, slot, generation, contentHash];
      })
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    own.map((f) => [f.key, f.updatedAt]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  ]);
}

/** The matcher's view of a film: its key, names, year and directors. */
function titleSource(film: FilmRow): TitleSource {
  return { id: film.key, title: film.title, aliases: film.aliases, year: film.year, directors: film.directors };
}

/** Every live title and alias, capped across feeds (the feeds left partly out say so, feed-sync/title-cap.ts). */
export async function titleSources(db: AfterpartyDb): Promise<TitleSource[]> {
  return capTitles(await liveFilms(db)).kept.map(titleSource);
}

/** How long the worker must have had no page's request before the warm-up begins or goes on. */
export const QUIET_MS = 300;

/**
 * Reads the catalog's warm-up page (core/matching/warm-up.ts) once the worker has had no page's
 * request for QUIET_MS (the page that asked for the build is read first, without a rival for
 * the CPU), in background tasks of a few milliseconds; it stops when the matcher is replaced.
 */
export async function warmUp(
  matcher: Matcher,
  sources: readonly TitleSource[] | (() => readonly TitleSource[]),
  { current, lastAsked = () => -Infinity }: { current: () => boolean; lastAsked?: () => number },
): Promise<void> {
  let blocks: ReturnType<typeof warmUpBlocks> | null = null;
  for (let i = 0; i < (blocks?.length ?? 1);) {
    const since = performance.now() - lastAsked();
    const quiet = since >= QUIET_MS;
    await (quiet ? idleTask() : new Promise((done) => setTimeout(done, QUIET_MS - since)));
    if (!current()) return;
    if (!quiet) continue; // look again: a page may have asked meanwhile
    blocks ??= warmUpBlocks(typeof sources === 'function' ? sources() : sources);
    if (blocks.length === 0) return;
    const slice = performance.now() + 8;
    // Packed, as a page's batches are found (findInTurns): the code a page will wait on.
    const packer = new MatchPacker();
    do findPacked(matcher, blocks[i++]!, packer);
    while (i < blocks.length && performance.now() < slice);
  }
}

/** Until the stored matcher is written: the worker's first quiet moment after a build (QUIET_MS). */
async function whenQuiet(current: () => boolean, lastAsked: () => number): Promise<boolean> {
  for (;;) {
    const since = performance.now() - lastAsked();
    if (since >= QUIET_MS) {
      await idleTask();
      if (performance.now() - lastAsked() >= QUIET_MS) return current();
    } else await new Promise((done) => setTimeout(done, QUIET_MS - since));
    if (!current()) return false;
  }
}

/** What the cache did in this worker's life: builds and stored matchers read back (for tests and the bench). */
export interface MatcherCounts {
  compiled: number;
  loaded: number;
  stored: number;
  /** Stored matchers found unusable (another catalog, another format, damaged) and built again. */
  rebuilt: number;
}

export function titleMatcherCache(
  db: AfterpartyDb,
  ready: () => Promise<void>,
  {
    store = true,
    lastRequest = () => -Infinity,
  }: {
    store?: boolean;
    /**
     * When the worker was last answering a request (now while it is): the warm-up and the write
     * wait for QUIET_MS after it, not only after the last request for the matcher, since a
     * woken worker's first page still waits for its settings when the matcher is in (start-up.ts).
     */
    lastRequest?: () => number;
  } = {},
): TitleMatcherCache & { counts: MatcherCounts } {
  type Built = { catalog: () => Promise<TitleCatalog>; matcher: Promise<Matcher>; print: Promise<string> };
  let built: Built | null = null;
  let askedAt = -Infinity;
  const lastAsked = () => Math.max(askedAt, lastRequest());
  const bytes = indexBytes(db);
  let dropping: Promise<void> = Promise.resolve();
  const counts: MatcherCounts = { compiled: 0, loaded: 0, stored: 0, rebuilt: 0 };
  type Read = { print: Promise<string>; stored: Promise<StoredMatcher | null> };
  /** The print and the stored matcher read before any request asked for them (`begin`). */
  let early: Read | null = null;
  const forget = (): void => {
    built = null;
    early = null;
  };
  const read = (): Read => {
    const print = timed('matcher:ready', ready).then(() => timed('matcher:print', () => catalogPrint(db)));
    // Read beside the print, not after it: a page's first batch waits for the later of the two.
    const stored = store
      ? dropping.then(() => timed('matcher:load', () => loadStoredMatcher(bytes, print)))
      : print.then(() => null);
    return { print, stored };
  };
  const build = () => {
    askedAt = performance.now();
    if (!built) {
      const { print, stored } = early ?? read();
      early = null;
      const current = {} as Built;
      const isCurrent = () => built === current;
      const made = stored.then(async (loaded) => {
        if (loaded?.matcher) {
          counts.loaded++;
          let sources: Promise<TitleSource[]> | null = null;
          const read = () => (sources ??= titleSources(db));
          void warmUp(loaded.matcher, loaded.warmUpSources, { current: isCurrent, lastAsked });
          return { matcher: loaded.matcher, sources: read };
        }
        if (loaded?.rebuild) counts.rebuilt++;
        const sources = await titleSources(db);
        const compiled = compileTitles(sources, defaultLexicon());
        const matcher = matcherOf(compiled);
        counts.compiled++;
        mark('matcher-compiled');
        void (async () => {
          if (store && (await whenQuiet(isCurrent, lastAsked))) {
            if (await saveMatcher(bytes, await print, compiled, matcher, sources)) counts.stored++;
          }
          await warmUp(matcher, sources, { current: isCurrent, lastAsked });
        })().catch((error: unknown) => console.warn('Afterparty: the matcher was not stored', error));
        return { matcher, sources: () => Promise.resolve(sources) };
      });
      current.matcher = made.then((m) => m.matcher);
      // Asked for, not made with the matcher: a matcher read back has no titles in memory, and
      // reading every film (3.5 MB at 10,000 films) held up a woken worker's first page for
      // seconds (issue 28). Only the feed sync and the popup's pickers need them.
      let catalog: Promise<TitleCatalog> | null = null;
      current.catalog = () =>
        (catalog ??= made.then(async (m) => ({ matcher: m.matcher, sources: await m.sources() })));
      current.print = print;
      built = current;
      // A failed build (storage unavailable) is tried again by the next request.
      current.matcher.catch(() => {
        if (built === current) built = null;
      });
    }
    return built;
  };
  const recheck = async (): Promise<void> => {
    const print = (built ?? early)?.print;
    if (!print) return;
    const [now, then] = await Promise.all([catalogPrint(db), print.catch(() => '')]);
    if (now === then) return;
    // Forgotten whether still the early read or a request's build by now (it took the early read).
    if (built?.print === print) built = null;
    if (early?.print === print) early = null;
  };
  return {
    counts,
    get: () => build().matcher,
    catalog: () => build().catalog(),
    async latest() {
      await recheck();
      return build().catalog();
    },
    async latestMatcher() {
      await recheck();
      return build().matcher;
    },
    forget,
    discardStored() {
      dropping = bytes
        .drop()
        .catch((error: unknown) => console.warn('Afterparty: the stored matcher could not be dropped', error));
      forget();
    },
    recheck,
    begin() {
      if (built || early) return;
      const started = read();
      early = started;
      // Failed (storage unavailable): forgotten, and the next request reads again. A request that
      // took it meanwhile fails as its own read would, and its build is forgotten alike.
      started.stored.catch(() => {
        if (early === started) early = null;
      });
    },
  };
}
