// The worker's matcher kept between worker lives (core/matching/stored-index.ts), packed into
// one buffer (core/matching/stored-bytes.ts) and kept as files (index-file.ts): written once
// per catalog change, read back when a page wakes the worker. A cache: a stored matcher of
// another catalog, format or word list, or one that does not decode to what was stored, is
// built again; a write that fails (a full disk) is logged and the matcher in memory goes on.
// The stored form is made and packed in slices of a few milliseconds at background priority:
// at 100,000 films it is a second of work, which in one task held up every page's request.
import {
  defaultLexicon,
  lexiconPrint,
  matcherOf,
  packSteps,
  readIndex,
  storedIndexBytes,
  storeIndexSteps,
  tailOf,
  unpack,
  type CompiledTitles,
  type Matcher,
  type TitleSource,
} from '../core/matching/index.ts';
import { mark, measureSince } from './dev-marks.ts';
import { idleTask } from './idle-task.ts';
import type { IndexBytes } from './index-file.ts';

/** How long one slice of making the stored form may run before a page's request may go first. */
const SLICE_MS = 8;

/** Films kept for the warm-up of a matcher read back (title-matcher.ts's warmUp): enough for its 600 KB. */
const WARM_UP_SAMPLE = 8_000;

/**
 * What the packed tree holds: the catalog print it was built for and the index. The warm-up's
 * sample (UTF-8 JSON) is the packed bytes' tail, after the tree (a file of its own, index-file.ts):
 * a wake reads the tree alone, and the sample (about 0.7 MB at 100,000 films) once the matcher is in.
 */
interface Packed {
  print: string;
  stored: unknown;
}

export type StoredMatcher = { matcher: Matcher; warmUpSources: () => TitleSource[] } | { matcher: null; rebuild: true };

type Decoded =
  | { ok: true; print: unknown; matcher: Matcher; unpackMs: number; decodeMs: number; probeMs: number }
  | { ok: false; why: string };

/**
 * The matcher `bytes` hold, checked by its probe; the catalog print is the caller's to compare.
 * Damage found later, in a name or list a page's match first makes (stored-graph.ts), is left
 * out of the matcher and told to `onDamage`.
 */
function decode(bytes: ArrayBuffer, onDamage: (what: string) => void): Decoded {
  const start = performance.now();
  let packed: Partial<Packed>;
  try {
    const tree = unpack(bytes);
    if (typeof tree !== 'object' || tree === null) return { ok: false, why: 'damaged: not a stored matcher' };
    packed = tree as Partial<Packed>;
  } catch (error) {
    return { ok: false, why: `damaged: ${error instanceof Error ? error.message : String(error)}` };
  }
  const unpacked = performance.now();
  measureSince('matcher:unpack', start);
  const read = readIndex(packed.stored, defaultLexicon(), onDamage);
  if (!read.ok) return { ok: false, why: `${read.reason}${read.detail ? `: ${read.detail}` : ''}` };
  const decoded = performance.now();
  measureSince('matcher:decode', unpacked);
  const matcher = matcherOf(read.compiled);
  const probing = performance.now();
  if (!read.check((text) => matcher.find({ text }))) return { ok: false, why: 'probe' };
  measureSince('matcher:probe', probing);
  return {
    ok: true,
    print: packed.print,
    matcher,
    unpackMs: unpacked - start,
    decodeMs: decoded - unpacked,
    probeMs: performance.now() - decoded,
  };
}

/**
 * The built-in word lists and their print (what `readIndex` compares with the file's), made in
 * two tasks of their own while the file is read: they need none of its bytes, and on a wake the
 * file's first round trips (the directory, the handle, the head) leave the worker idle for about
 * 20 ms before the bytes come, while the lists and the print are 20-30 ms of cold code that the
 * decoding would otherwise run after the read.
 */
function wordListsMeanwhile(): Promise<void> {
  const task = (run: () => void): Promise<void> =>
    new Promise((done) =>
      setTimeout(() => {
        try {
          run();
        } catch {
          // Met again by the decoding, which makes them itself when they are not made.
        }
        done();
      }, 0),
    );
  return task(() => void defaultLexicon()).then(() => task(() => void lexiconPrint(defaultLexicon())));
}

/**
 * The stored matcher of the catalog `print` will name, null when none is stored, or
 * `{rebuild: true}` when one is stored but cannot serve. The file is read and decoded while the
 * print is worked out (which waits for the database to open); a matcher of another catalog is
 * then dropped unused.
 */
export async function loadStoredMatcher(store: IndexBytes, print: Promise<string>): Promise<StoredMatcher | null> {
  const start = performance.now();
  let printMs = NaN;
  const printed = print.finally(() => void (printMs = performance.now() - start));
  // Awaited below, after the file: a failure of the database meanwhile is not an unhandled one.
  printed.catch(() => undefined);
  const reading = store.read().catch((error: unknown) => {
    console.warn('Afterparty: the stored matcher could not be read', error);
    return null;
  });
  const words = wordListsMeanwhile();
  const bytes = await reading;
  const readMs = performance.now() - start;
  // Done by now unless the bytes came at once (a row of the database, a test's store).
  await words;
  // Decoded before the print is in (the index's own read does not wait for the database). Damage
  // found in it later drops the file: this worker's matcher goes on without the damaged names,
  // the next one builds again.
  const decoded = bytes
    ? decode(bytes, (what) => {
        console.warn(`Afterparty: the stored matcher is damaged (${what}); it is built again on the next wake`);
        store
          .drop()
          .catch((error: unknown) => console.warn('Afterparty: the stored matcher could not be dropped', error));
      })
    : null;
  const decodedMs = performance.now() - start;
  const now = await printed;
  if (!decoded) return null;
  if (!decoded.ok) {
    console.warn(
      decoded.why === 'probe'
        ? 'Afterparty: the stored matcher does not find what it found when stored'
        : `Afterparty: the stored matcher is not usable (${decoded.why})`,
    );
    return { matcher: null, rebuild: true };
  }
  if (decoded.print !== now) return { matcher: null, rebuild: true };
  mark('matcher-loaded', {
    // The stored index read back: its bytes' read, then their decoding (unpacking, the index's
    // checks and the probe's first find, on a matcher whose code is cold in a new worker).
    readMs,
    decodeMs: decodedMs - readMs,
    bytes: bytes!.byteLength,
    unpackMs: decoded.unpackMs,
    probeMs: decoded.probeMs,
    // The catalog print, read beside it from the database (its open included), and the later of the two.
    printMs,
    readyMs: performance.now() - start,
    where: await store.where(),
  });
  // The sample: in the bytes read (the database's row holds them all), else the sample's file,
  // read in a task of its own once the first batch (answered in this task's continuation)
  // is done; it is wanted only when the worker has been quiet for QUIET_MS (title-matcher.ts),
  // and until it is in, the warm-up finds no sample and warms nothing.
  let warm: Uint8Array | null = tailOf(bytes!);
  if (!warm)
    setTimeout(() => {
      store
        .readTail()
        .then((tail) => {
          warm = tail;
          mark('matcher-sample', { bytes: tail?.byteLength ?? null });
        })
        .catch((error: unknown) => console.warn('Afterparty: the warm-up’s sample could not be read', error));
    }, 0);
  return { matcher: decoded.matcher, warmUpSources: () => (warm ? parseSample(warm) : []) };
}

function parseSample(bytes: Uint8Array): TitleSource[] {
  try {
    const list: unknown = JSON.parse(new TextDecoder().decode(bytes));
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
  store: IndexBytes,
  print: string,
  compiled: CompiledTitles,
  matcher: Matcher,
  sources: readonly TitleSource[],
): Promise<boolean> {
  const start = performance.now();
  // The longest slice and the time spent in all of them: what the worker's other tasks waited.
  let longestMs = 0;
  let busyMs = 0;
  let slices = 0;
  /** `steps` run one slice a task, at background priority. */
  async function inSlices<T>(steps: Generator<void, T, void>): Promise<T> {
    for (;;) {
      const from = performance.now();
      const step = steps.next();
      const ms = performance.now() - from;
      longestMs = Math.max(longestMs, ms);
      busyMs += ms;
      slices++;
      if (step.done) return step.value;
      await idleTask();
    }
  }
  try {
    const stored = await inSlices(
      storeIndexSteps(compiled, defaultLexicon(), (text) => matcher.find({ text }), SLICE_MS),
    );
    const indexBytes = storedIndexBytes(stored);
    const packed: Packed = { print, stored };
    const warm = new TextEncoder().encode(JSON.stringify(sample(sources)));
    const bytes = await inSlices(packSteps(packed, SLICE_MS, warm));
    const from = performance.now();
    await store.write(bytes, print);
    mark('matcher-stored', {
      ms: performance.now() - start,
      bytes: bytes.byteLength,
      indexBytes,
      busyMs,
      longestMs,
      slices,
      writeMs: performance.now() - from,
      where: await store.where(),
    });
    return true;
  } catch (error) {
    // A cache: a full disk loses it, never the listings or the user's rows, which other
    // transactions hold. The stale one, of another catalog, is no use either.
    console.warn('Afterparty: the matcher could not be stored; it is kept in memory', error);
    await store.drop().catch(() => undefined);
    return false;
  }
}
