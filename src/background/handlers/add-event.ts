import { liveFilm, type AfterpartyDb } from '../../db/index.ts';
import { addEventPath, type AddEventMessages } from '../../messages/index.ts';
import type { HandlersFor } from './types.ts';

/** Opens one of our pages in a new tab; tests pass their own. */
export type OpenPage = (path: string) => Promise<void>;

interface Ext {
  runtime: { getURL(path: string): string };
  tabs: { create(props: { url: string }): Promise<unknown> };
}

function openInTab(path: string): Promise<void> {
  const scope = globalThis as { browser?: Ext; chrome?: Ext };
  const ext = (scope.browser ?? scope.chrome) as Ext;
  return ext.tabs.create({ url: ext.runtime.getURL(path) }).then(() => undefined);
}

/** One tab per click: a page flooding the message would otherwise flood the tab strip. */
const MIN_GAP_MS = 1_000;

export function addEventHandlers({
  db,
  openPage = openInTab,
  clock = Date.now,
}: {
  db: AfterpartyDb;
  openPage?: OpenPage;
  clock?: () => number;
}): HandlersFor<AddEventMessages> {
  let last = -Infinity;
  return {
    async openAddEvent({ filmKey }, from) {
      // A page may send this as often as it likes: the cheap refusals come before any read.
      if (from && !from.extensionPage && from.tabActive !== true)
        throw new Error('openAddEvent: only the tab in front may open the form');
      const now = clock();
      if (now - last < MIN_GAP_MS) throw new Error('openAddEvent: the form was opened a moment ago');
      if (!(await liveFilm(db, filmKey))) throw new Error(`openAddEvent: no film "${filmKey.slice(0, 80)}"`);
      last = now;
      await openPage(addEventPath(filmKey));
      return {};
    },
  };
}
