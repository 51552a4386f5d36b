/**
 * Development and bench builds mark the scan on the page's performance timeline, for tests and benchmarks
 * (bench/chromium.bench.ts), with the JavaScript heap in use where the browser tells it.
 */
export function mark(name: string): void {
  if (process.env.AFTERPARTY_MARKS !== 'off') {
    const heap = (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    performance.mark(`afterparty:${name}`, { detail: { heap } });
  }
}
