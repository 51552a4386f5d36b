// Answers the popup's "which events does this page describe?" with a snapshot of the page's
// JSON-LD and microdata. Parsing happens in the popup (src/core/jsonld-events.ts), where the
// catalog is, so nothing here trusts or evaluates what the page wrote.
import browser from 'webextension-polyfill';
import { PAGE_EVENTS_REQUEST } from '../messages/user-events.ts';
import { snapshotPage } from './page-snapshot.ts';

/** Lets the popup ask this tab for its events; only the extension can send to a content script. */
export function installPageEvents(signal: AbortSignal): void {
  const listener = (message: unknown) => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== PAGE_EVENTS_REQUEST) return undefined;
    return Promise.resolve(snapshotPage(document));
  };
  browser.runtime.onMessage.addListener(listener);
  signal.addEventListener('abort', () => browser.runtime.onMessage.removeListener(listener));
}
