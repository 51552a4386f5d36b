import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { DATA_REVISION_KEY } from '../../messages/data-revision.ts';

/** Changes whenever the background notes a change (src/background/data-changes.ts): views re-read on it. */
export function useDataRevision(): number {
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && DATA_REVISION_KEY in changes) setRevision((n) => n + 1);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }, []);
  return revision;
}
