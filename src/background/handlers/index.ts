import type { AfterpartyDb } from '../../db/database.ts';
import type { Messages } from '../../messages/index.ts';
import { feedHandlers } from './feeds.ts';
import { listingHandlers } from './listings.ts';
import type { HandlersFor } from './types.ts';

export type Handlers = HandlersFor<Messages>;

export interface HandlerDeps {
  db: AfterpartyDb;
  /** Resolves once the cache holds at least the default listings. */
  ready: () => Promise<void>;
}

/** The background's answers, one per message; the compiler checks none is missing. */
export function createHandlers(deps: HandlerDeps): Handlers {
  return { ...listingHandlers(deps), ...feedHandlers(deps) };
}
