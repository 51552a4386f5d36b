import type { send as sendType } from '../browser/send.ts';

/**
 * Tells the worker to start, nothing more: no address, no text (docs/privacy.md). A stopped
 * worker takes 105-120 ms to start before its first line runs (docs/performance.md, issue 28),
 * and the content script's first batch waits for `document_idle`; sent from `document_start`,
 * the start and the stored index's read overlap the page's own loading instead.
 * Never rejects: a failure (the extension reloaded, this script's context gone) costs only the
 * head start, and the content script asks again for itself.
 */
export async function wakeWorker(send: typeof sendType): Promise<void> {
  try {
    await send('wake', {});
  } catch {
    // Nothing to report to the page, and nothing to retry.
  }
}
