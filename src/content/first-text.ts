import { iterateBlocks } from './text-extract.ts';

/** How often a frame without text looks again after its DOM changed. */
const RECHECK_MS = 250;

/** Whether `root` holds any text to scan now. */
export const hasText = (root: Node): boolean => !iterateBlocks(root).next().done;

/**
 * Resolves once `root` holds text to scan. A frame without any (an ad slot, a blank iframe)
 * asks the background nothing until text arrives; rejects when `signal` aborts.
 */
export function firstText(root: Node, signal: AbortSignal): Promise<void> {
  if (hasText(root)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        if (!hasText(root)) return;
        observer.disconnect();
        resolve();
      }, RECHECK_MS);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    signal.addEventListener(
      'abort',
      () => {
        observer.disconnect();
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
