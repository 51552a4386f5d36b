import { DATA_REVISION_KEY } from '../messages/data-revision.ts';
import { ext } from '../browser/ext.ts';

/** Drops the page's cached listings when the background notes a change (src/background/data-changes.ts). */
export function forgetOnChange(cache: { forget(): void }, signal: AbortSignal): void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && DATA_REVISION_KEY in changes) cache.forget();
  };
  ext.storage.onChanged.addListener(listener);
  signal.addEventListener('abort', () => ext.storage.onChanged.removeListener(listener), { once: true });
}
