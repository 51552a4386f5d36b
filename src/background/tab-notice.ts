// Content scripts cannot read storage.local once it is closed to them, so the data revision's
// bump reaches them as a tab message instead, to every frame of every tab. Tabs without our
// content script (other sites, browser pages) refuse it, and that is no error.
import browser from 'webextension-polyfill';
import { sendToTab } from '../browser/tab-messages.ts';

export async function tellTabs(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined ? undefined : sendToTab(tab.id, 'afterparty:dataChanged', {}).catch(() => undefined),
    ),
  );
}

type Closable = { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };

/**
 * Narrows a storage area to the extension's own pages and worker, where the browser allows it
 * (Chromium); Firefox has no setAccessLevel on these areas (bug 1724754), and there the call is
 * skipped.
 */
export function closeToContentScripts(area: unknown, name: string): void {
  Promise.resolve()
    .then(() => (area as Closable).setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }))
    .catch((error: unknown) => console.warn(`Afterparty: ${name} storage stays open to content scripts`, error));
}
