// When to try a feed again. Automatic attempts are never closer than 15 minutes apart.

export const MIN_PERIOD_MINUTES = 15;
export const DEFAULT_PERIOD_MINUTES = 60;
const MAX_PERIOD_MINUTES = 7 * 24 * 60;
const MAX_BACKOFF_MINUTES = 12 * 60;

/** The refresh period: the feed's own when it gives one, within 15 minutes and a week. */
export function refreshPeriod(feedMinutes: number | null): number {
  const wanted = feedMinutes ?? DEFAULT_PERIOD_MINUTES;
  return Math.min(MAX_PERIOD_MINUTES, Math.max(MIN_PERIOD_MINUTES, wanted));
}

/**
 * Exponential back-off with "equal jitter": a ceiling of 30, 60, 120… minutes up to 12 hours,
 * each wait drawn between half and all of it (15–30 minutes after the first failure), so many
 * browsers do not retry a struggling server in step. The ceiling starts at twice the floor so
 * the first retry is spread too, not pinned to the 15-minute minimum.
 */
export function backoffMinutes(failures: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MINUTES, 2 * MIN_PERIOD_MINUTES * 2 ** Math.max(0, failures - 1));
  return Math.max(MIN_PERIOD_MINUTES, ceiling / 2 + (random() * ceiling) / 2);
}
