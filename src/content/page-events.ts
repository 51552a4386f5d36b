// Answers the popup's "which events does this page describe?" with a snapshot of the page's
// JSON-LD and microdata. Parsing happens in the popup (src/core/page-events/), where the
// catalog is, so nothing here trusts or evaluates what the page wrote.
import { answerTab } from '../browser/tab-messages.ts';
import { snapshotPage } from './page-snapshot.ts';

/** Lets the popup ask this tab for its events; only the extension can send to a content script. */
export function answerPageEvents(signal: AbortSignal): void {
  answerTab('afterparty:pageEvents', () => snapshotPage(document), signal);
}
