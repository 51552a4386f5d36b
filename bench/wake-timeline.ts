// The wake's one line, shared by the Chromium and Firefox benches: the page's `afterparty:*` marks
// and the background's (the service worker's in Chromium, the event page's in Firefox) on one
// clock, in ms after the page's load event, so where a woken background's time goes reads at a
// glance (issue 28).

export interface TimelineEntry {
  name: string;
  /** Epoch ms (the realm's timeOrigin + startTime): the page's and the background's on one clock. */
  start: number;
  ms: number;
}

/**
 * The realm's `afterparty:*` marks and measures (the background's handlers and start-up tasks
 * measure themselves in development builds), its time origin (a worker's is its start) and, in a
 * page, the load event. (Runs in the page or the worker: serialised, so it uses nothing outside.)
 */
export function timelineEntries(): TimelineEntry[] {
  const of = (e: PerformanceEntry) => ({ name: e.name, start: performance.timeOrigin + e.startTime, ms: e.duration });
  const out = performance
    .getEntries()
    .filter((e) => e.name.startsWith('afterparty:'))
    .map(of);
  out.push({ name: 'origin', start: performance.timeOrigin, ms: 0 });
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav) out.push({ name: 'load', start: performance.timeOrigin + nav.loadEventEnd, ms: 0 });
  return out;
}

/**
 * The wake, one line: each background entry as "name start+ms" in ms after the page's load event,
 * with the page's wake, first batch, reply and first underline. `origin` in the background's list
 * is its realm's start, named `started` ("worker start" in Chromium).
 */
export function wakeTimeline(page: TimelineEntry[], background: TimelineEntry[], started = 'worker start'): string {
  const load = page.find((e) => e.name === 'load')?.start ?? NaN;
  const at = (e: TimelineEntry) => `${(e.start - load).toFixed(0)}${e.ms > 0 ? `+${e.ms.toFixed(0)}` : ''}`;
  const short = (name: string) => name.replace(/^afterparty:/, '');
  const batch = page.find((e) => e.name === 'afterparty:batch');
  // The top frame's wake at document_start (src/content-wake/), where the build has it.
  const wakeSent = page.find((e) => e.name === 'afterparty:wake-sent');
  const underline = page.find((e) => e.name === 'afterparty:first-underline');
  // The page's side of the reply: in hand, then applied (the store, settings, highlights, hover).
  const reply = ['answers', 'answers-applied'].flatMap((name) => {
    const entry = page.find((e) => e.name === `afterparty:${name}`);
    return entry ? [{ ...entry, name: `page ${name}` }] : [];
  });
  const parts = [
    ...(wakeSent ? [`page wake sent ${at(wakeSent)}`] : []),
    ...(batch ? [`page beginScan sent ${at(batch)}`] : []),
    ...[...background, ...reply]
      .sort((a, b) => a.start - b.start)
      .map((e) => `${e.name === 'origin' ? started : short(e.name)} ${at(e)}`),
    ...(underline ? [`page first underline ${at(underline)}`] : []),
  ];
  return parts.join('; ');
}
