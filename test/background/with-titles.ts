// The worker passes its one matcher cache to the handlers and the feed sync; a test without a
// cache of its own builds one over its database here.
import { titleMatcherCache, type TitleMatcherCache } from '../../src/background/title-matcher.ts';
import type { AfterpartyDb } from '../../src/db/index.ts';

export function withTitles<D extends { db: AfterpartyDb; ready?: () => Promise<void> }>(
  deps: D,
): D & { titles: TitleMatcherCache } {
  return { ...deps, titles: titleMatcherCache(deps.db, deps.ready ?? (async () => undefined)) };
}
