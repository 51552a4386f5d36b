// Answers the popup's "which events does this page describe?" with a snapshot of the page's
// JSON-LD and microdata. Parsing happens in the popup (src/core/jsonld-events.ts), where the
// catalog is, so nothing here trusts or evaluates what the page wrote.
import { PAGE_EVENTS_REQUEST } from '../browser/page-films.ts';
import { snapshotPage } from './page-snapshot.ts';
import { answerTabMessage } from '../browser/tab-messages.ts';

/** Lets the popup ask this tab for its events; only the extension can send to a content script. */
export function installPageEvents(signal: AbortSignal): void {
  answerTabMessage(PAGE_EVENTS_REQUEST, () => snapshotPage(document), signal);
}
