import type { AfterpartyDb } from '../../db/index.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';
export type HandlersFor<M extends { [K in keyof M]: { params: unknown; result: unknown } }> = {
  [N in keyof M]: (params: M[N]['params'], from?: SenderContext) => Promise<M[N]['result']>;
};

/** Who sent a message, as the browser (not the sender) reports it. */
export interface SenderContext {
  extensionPage: boolean;
  /** The sending frame's URL, for content scripts: what scopes their per-site data. */
  pageUrl?: string | undefined;
  /** Whether the sending frame's tab is the one in front of the user, as the browser reports it. */
  tabActive?: boolean;
  /** The sending tab and frame ("tab/frame"), whose batches take turns with other frames'. */
  frame?: string | undefined;
}

/** What the handlers that read the catalog need: the database, the wait for the built-in feed, the one matcher. */
export interface CatalogDeps {
  db: AfterpartyDb;
  ready: () => Promise<void>;
  titles: TitleMatcherCache;
}
