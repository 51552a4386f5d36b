import { DATA_REVISION_KEY } from '../messages/data-revision.ts';
import { ext } from '../browser/ext.ts';

/** Calls `listener` whenever the background notes a change (src/background/data-changes.ts). */
export function onDataChange(listener: () => void, signal: AbortSignal): void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && DATA_REVISION_KEY in changes) listener();
  };
  ext.storage.onChanged.addListener(onChanged);
  signal.addEventListener('abort', () => ext.storage.onChanged.removeListener(onChanged), { once: true });
}

/** Drops the page's cached listings when the background notes a change. */
export function forgetOnChange(cache: { forget(): void }, signal: AbortSignal): void {
  onDataChange(() => cache.forget(), signal);
}
