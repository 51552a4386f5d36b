// Development and bench builds put the worker's steps on its performance timeline, where
// bench/chromium.bench.ts reads them (absolute times through timeOrigin) beside the page's own;
// store builds drop every call below as dead code (build.mjs defines AFTERPARTY_MARKS).

const DEV = process.env.AFTERPARTY_MARKS !== 'off';

/** A point on the worker's timeline, `afterparty:<name>`. */
export function mark(name: string, detail?: object): void {
  if (DEV) performance.mark(`afterparty:${name}`, { detail });
}

/** The span from `start` (a performance.now() reading) to now, `afterparty:<name>`. */
export function measureSince(name: string, start: number): void {
  if (DEV) performance.measure(`afterparty:${name}`, { start });
}

/** `task`, measured as `afterparty:<name>`, whether it succeeds or fails. */
export async function timed<T>(name: string, task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await task();
  } finally {
    measureSince(name, start);
  }
}
