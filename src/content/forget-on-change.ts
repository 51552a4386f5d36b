import { answerTab } from '../browser/tab-messages.ts';

// One answer per frame, shared by every listener: each frame is sent one message per change.
const listeners = new Set<() => void>();
let answering = false;

/**
 * Calls `listener` whenever the background notes a change (src/background/data-changes.ts). It
 * tells each frame by a tab message: storage.local, where extension pages watch the revision,
 * is closed to content scripts, which a page's process could otherwise read.
 */
export function onDataChange(listener: () => void, signal: AbortSignal): void {
  if (signal.aborted) return;
  if (!answering) {
    answering = true;
    answerTab(
      'afterparty:dataChanged',
      () => {
        for (const each of [...listeners]) {
          try {
            each();
          } catch (error) {
            console.warn('Afterparty:', error);
          }
        }
        return { heard: true };
      },
      new AbortController().signal,
    );
  }
  listeners.add(listener);
  signal.addEventListener('abort', () => listeners.delete(listener), { once: true });
}

/** Drops the page's cached listings when the background notes a change. */
export function forgetOnChange(cache: { forget(): void }, signal: AbortSignal): void {
  onDataChange(() => cache.forget(), signal);
}
