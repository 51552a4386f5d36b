// The title matcher, built in the background once per data revision and shared by every frame
// of every tab: a frame that compiled its own spent hundreds of milliseconds and megabytes on a
// 10,000-film catalog before its first scan (docs/architecture.md, "Performance").
import { capTitles, compileMatcher, warmUpBlocks, type Matcher, type TitleSource } from '../core/matching/index.ts';
import { listFeeds, listUserFilms, liveFilms, type AfterpartyDb } from '../db/index.ts';

export interface TitleMatcherCache {
  /** The matcher over the live catalog, built on first use after a change. */
  get(): Promise<Matcher>;
  /** The catalog may have changed: the next `get` builds again. */
  forget(): void;
  /**
   * After a data change: forgets the matcher only if the catalog changed. Most changes (a save,
   * a setting, a correction, another device's plan) leave it as it is, and a rebuild costs a
   * frame its first underline.
   */
  recheck(): Promise<void>;
}

/** What the live catalog depends on: each feed's live slot and what was stored in it, and the user's own films. */
async function catalogPrint(db: AfterpartyDb): Promise<string> {
  const [feeds, own] = await Promise.all([listFeeds(db), listUserFilms(db)]);
  return JSON.stringify([
    feeds
      .map((f) => [f.id, f.filmCount, f.updated, f.sync ?? null])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    own.map((f) => [f.key, f.updatedAt]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  ]);
}

/** Every live title and alias, capped across feeds (the feeds left partly out say so, sync/title-cap.ts). */
export async function titleSources(db: AfterpartyDb): Promise<TitleSource[]> {
  return capTitles(await liveFilms(db)).kept.map((f) => ({
    id: f.key,
    title: f.title,
    aliases: f.aliases,
    year: f.year,
    directors: f.directors,
  }));
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
  let built: { matcher: Promise<Matcher>; print: Promise<string> } | null = null;
  let lastAsked = -Infinity;
  const forget = (): void => {
    built = null;
  };
  return {
    get() {
      lastAsked = performance.now();
      if (!built) {
        const print = ready().then(() => catalogPrint(db));
        const matcher = print.then(async () => {
          const sources = await titleSources(db);
          const compiled = compileMatcher(sources);
          void warmUp(compiled, sources, { current: () => built === current, lastAsked: () => lastAsked });
          return compiled;
        });
        const current = { matcher, print };
        built = current;
        // A failed build (storage unavailable) is tried again by the next request.
        matcher.catch(() => {
          if (built === current) built = null;
        });
      }
      return built.matcher;
    },
    forget,
    async recheck() {
      const current = built;
      if (!current) return;
      const [now, then] = await Promise.all([catalogPrint(db), current.print.catch(() => '')]);
      if (built === current && now !== then) forget();
    },
  };
}
