// Which saved events overlap. An event without an end is taken to last DEFAULT_DURATION_MS
// (three hours: a party or dinner rarely ends sooner, and a screening plus Q&A runs about that
// long), so two parties an hour apart clash while a dinner and an after-party four hours later
// do not. Events with no time announced (a date alone, or nothing) cannot clash.
import { readWhen } from '../time/index.ts';
import type { FeedEvent } from '../model.ts';

export const DEFAULT_DURATION_MS = 3 * 60 * 60 * 1000;

export interface Span {
  start: number;
  end: number;
}

/** The instants an event occupies, or null when its time is not announced. */
export function spanOf(event: Pick<FeedEvent, 'start' | 'end'>): Span | null {
  const start = readWhen(event.start, 'UTC');
  if (start.precision !== 'time') return null;
  const end = readWhen(event.end, 'UTC');
  const finish =
    end.precision === 'time' && end.instant > start.instant ? end.instant : start.instant + DEFAULT_DURATION_MS;
  return { start: start.instant, end: finish };
}

/**
 * For each event key, the keys of the other events it overlaps. Touching ends (one ends at
 * 22:00, the next starts at 22:00) is not a clash. Cancelled events clash with nothing.
 */
export function findClashes<E extends Pick<FeedEvent, 'start' | 'end' | 'cancelled'> & { key: string }>(
  events: readonly E[],
): Map<string, string[]> {
  const timed = events
    .filter((e) => !e.cancelled)
    .map((event) => ({ key: event.key, span: spanOf(event) }))
    .filter((e): e is { key: string; span: Span } => e.span !== null)
    .sort((a, b) => a.span.start - b.span.start);
  const clashes = new Map<string, string[]>();
  const add = (a: string, b: string) => clashes.get(a)?.push(b) ?? clashes.set(a, [b]);
  for (let i = 0; i < timed.length; i++) {
    const a = timed[i]!;
    for (let j = i + 1; j < timed.length && timed[j]!.span.start < a.span.end; j++) {
      const b = timed[j]!;
      if (b.key === a.key) continue;
      add(a.key, b.key);
      add(b.key, a.key);
    }
  }
  return clashes;
}
