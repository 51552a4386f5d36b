// The title matcher, built in the background once per catalog and shared by every frame of
// every tab, the iCalendar import, the invitation preview, the popup's page events and its film
// picker: a frame that compiled its own spent hundreds of milliseconds and megabytes on a
// 10,000-film catalog before its first scan (docs/performance.md).
import { capTitles, compileMatcher, warmUpBlocks, type Matcher, type TitleSource } from '../core/matching/index.ts';
import type { FilmRow } from '../core/rows.ts';
import { listFeeds, listUserFilms, liveFilms, syncStateOf, type AfterpartyDb } from '../db/index.ts';

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
  /** The catalog may have changed: the next `get` builds again. */
  forget(): void;
  /**
   * After a data change: forgets the matcher only if the catalog changed. Most changes (a save,
   * a setting, a correction, another device's plan) leave it as it is, and a rebuild costs a
   * frame its first underline.
   */
  recheck(): Promise<void>;
}

/**
 * What the live catalog depends on: each feed's live slot and what was stored in it, and the
 * user's own films. Not the rest of a feed's sync state (its next attempt, its back-off), which
 * every sync attempt writes: the feed sync rechecks before it ties a calendar's events.
 */
async function catalogPrint(db: AfterpartyDb): Promise<string> {
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
async function titleSources(db: AfterpartyDb): Promise<TitleSource[]> {
  return capTitles(await liveFilms(db)).kept.map(titleSource);
}

/** A task run only when nothing more urgent (a page's request) waits; a timer where the browser lacks one. */
const idleTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => Promise<void> } })
    .scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => undefined, { priority: 'background' });
  return new Promise((done) => setTimeout(done, 0));
};

/** How long the worker must have had no page's request before the warm-up begins or goes on. */
export const QUIET_MS = 300;

/**
 * Reads the catalog's warm-up page (core/matching/warm-up.ts) once the worker has had no page's
 * request for QUIET_MS (the page that asked for the build is read first, without a rival for
 * the CPU), in background tasks of a few milliseconds; it stops when the matcher is replaced.
 */
export async function warmUp(
  matcher: Matcher,
  sources: readonly TitleSource[],
  { current, lastAsked = () => -Infinity }: { current: () => boolean; lastAsked?: () => number },
): Promise<void> {
  const blocks = warmUpBlocks(sources);
  for (let i = 0; i < blocks.length;) {
    const since = performance.now() - lastAsked();
    const quiet = since >= QUIET_MS;
    await (quiet ? idleTask() : new Promise((done) => setTimeout(done, QUIET_MS - since)));
    if (!current()) return;
    if (!quiet) continue; // look again: a page may have asked meanwhile
    const slice = performance.now() + 8;
    do matcher.find(blocks[i++]!);
    while (i < blocks.length && performance.now() < slice);
  }
}

export function titleMatcherCache(db: AfterpartyDb, ready: () => Promise<void>): TitleMatcherCache {
  let built: { catalog: Promise<TitleCatalog>; matcher: Promise<Matcher>; print: Promise<string> } | null = null;
  let lastAsked = -Infinity;
  const forget = (): void => {
    built = null;
  };
  const build = () => {
    lastAsked = performance.now();
    if (!built) {
      const print = ready().then(() => catalogPrint(db));
      const catalog = print.then(async () => {
        const sources = await titleSources(db);
        const matcher = compileMatcher(sources);
        void warmUp(matcher, sources, { current: () => built === current, lastAsked: () => lastAsked });
        return { matcher, sources };
      });
      const current = { catalog, matcher: catalog.then((c) => c.matcher), print };
      built = current;
      // A failed build (storage unavailable) is tried again by the next request.
      current.matcher.catch(() => {
        if (built === current) built = null;
      });
    }
    return built;
  };
  const recheck = async (): Promise<void> => {
    const current = built;
    if (!current) return;
    const [now, then] = await Promise.all([catalogPrint(db), current.print.catch(() => '')]);
    if (built === current && now !== then) forget();
  };
  return {
    get: () => build().matcher,
    catalog: () => build().catalog,
    async latest() {
      await recheck();
      return build().catalog;
    },
    forget,
    recheck,
  };
}
