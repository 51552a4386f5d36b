// The worker's matcher kept in IndexedDB between worker lives (core/matching/stored-index.ts,
// db/matcher-index.ts): written once per catalog change, read back in one structured clone
// when a page wakes the worker. A cache: a stored matcher of another catalog, format or word
// list, or one that does not decode to what was stored, is built again; a write that fails
// (a full disk) is logged and the matcher in memory goes on. The stored form is made in slices
// of a few milliseconds at background priority: at 100,000 films it is seconds of work, which
// in one task held up every page's request.
import {
  defaultLexicon,
  matcherOf,
  readIndex,
  storedIndexBytes,
  storeIndexSteps,
  type CompiledTitles,
  type Matcher,
  type TitleSource,
} from '../core/matching/index.ts';
import { dropMatcherIndex, readMatcherIndex, writeMatcherIndex, type AfterpartyDb } from '../db/index.ts';
import { mark } from './dev-marks.ts';

/** How long one slice of making the stored form may run before a page's request may go first. */
const SLICE_MS = 8;

/** A task run only when nothing more urgent (a page's request) waits; a timer where the browser lacks one. */
const idleTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => Promise<void> } })
    .scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => undefined, { priority: 'background' });
  return new Promise((done) => setTimeout(done, 0));
};

/** Films kept for the warm-up of a matcher read back (title-matcher.ts's warmUp): enough for its 600 KB. */
const WARM_UP_SAMPLE = 8_000;

export type StoredMatcher = { matcher: Matcher; warmUpSources: () => TitleSource[] } | { matcher: null; rebuild: true };

/**
 * The stored matcher of the catalog `print` will name, null when none is stored, or
 * `{rebuild: true}` when one is stored but cannot serve. The row is read while the print is
 * worked out.
 */
export async function loadStoredMatcher(db: AfterpartyDb, print: Promise<string>): Promise<StoredMatcher | null> {
  const start = performance.now();
  // Apart as well as together: the row's own read, and the print's (title-matcher.ts), which it waits for too.
  let rowMs = NaN;
  let printMs = NaN;
  const [row, now] = await Promise.all([
    readMatcherIndex(db)
      .catch((error: unknown) => {
        console.warn('Afterparty: the stored matcher could not be read', error);
        return undefined;
      })
      .finally(() => void (rowMs = performance.now() - start)),
    print.finally(() => void (printMs = performance.now() - start)),
  ]);
  const readAt = performance.now();
  if (!row) return null;
  if (row.print !== now) return { matcher: null, rebuild: true };
  const read = readIndex(row.stored, defaultLexicon());
  if (!read.ok) {
    console.warn(
      `Afterparty: the stored matcher is not usable (${read.reason}${read.detail ? `: ${read.detail}` : ''})`,
    );
    return { matcher: null, rebuild: true };
  }
  const decodedAt = performance.now();
  const matcher = matcherOf(read.compiled);
  if (!read.check((text) => matcher.find({ text }))) {
    console.warn('Afterparty: the stored matcher does not find what it found when stored');
    return { matcher: null, rebuild: true };
  }
  const end = performance.now();
  mark('matcher-loaded', {
    readMs: readAt - start,
    decodeMs: end - readAt,
    bytes: row.bytes,
    rowMs,
    printMs,
    // decodeMs is the index's decoding and the probe's first find (the matcher's code cold in a new worker).
    probeMs: end - decodedAt,
  });
  const warm = typeof row.warm === 'string' ? row.warm : '[]';
  return { matcher, warmUpSources: () => parseSample(warm) };
}

function parseSample(text: string): TitleSource[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? (list as TitleSource[]) : [];
  } catch {
    return [];
  }
}

/** Every n-th film, title, first alias, year and first director: what the warm-up's sentences use. */
function sample(sources: readonly TitleSource[]): TitleSource[] {
  const step = Math.max(1, Math.ceil(sources.length / WARM_UP_SAMPLE));
  const out: TitleSource[] = [];
  for (let i = 0; i < sources.length; i += step) {
    const { id, title, aliases, year, directors } = sources[i]!;
    out.push({ id, title, aliases: aliases.slice(0, 1), year, directors: directors.slice(0, 1) });
  }
  return out;
}

/** Stores the matcher just built for the catalog `print`; false (logged) when it could not be written. */
export async function saveMatcher(
  db: AfterpartyDb,
  print: string,
  compiled: CompiledTitles,
  matcher: Matcher,
  sources: readonly TitleSource[],
): Promise<boolean> {
  const start = performance.now();
  const steps = storeIndexSteps(compiled, defaultLexicon(), (text) => matcher.find({ text }), SLICE_MS);
  // The longest slice and the time spent in all of them: what the worker's other tasks waited.
  let longestMs = 0;
  let busyMs = 0;
  let slices = 0;
  let step;
  for (;;) {
    const from = performance.now();
    step = steps.next();
    const ms = performance.now() - from;
    longestMs = Math.max(longestMs, ms);
    busyMs += ms;
    slices++;
    if (step.done) break;
    await idleTask();
  }
  const stored = step.value;
  const bytes = storedIndexBytes(stored);
  try {
    const warm = JSON.stringify(sample(sources));
    const from = performance.now();
    await writeMatcherIndex(db, { print, stored, bytes, warm });
    mark('matcher-stored', {
      ms: performance.now() - start,
      bytes,
      busyMs,
      longestMs,
      slices,
      writeMs: performance.now() - from,
    });
    return true;
  } catch (error) {
    // A cache: a full disk loses it, never the listings or the user's rows, which other
    // transactions hold. The stale row, of another catalog, is no use either.
    console.warn('Afterparty: the matcher could not be stored; it is kept in memory', error);
    await dropMatcherIndex(db).catch(() => undefined);
    return false;
  }
}
