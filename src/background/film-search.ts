// The own-event form's type-ahead over a large catalog (searchFilms): the titles, folded once,
// are kept while the catalog's print stays the same, so each keystroke after the first is a walk
// over strings in memory, not a read.
import { titleChoices, titleList, type FilmTitle, type TitleList } from '../core/title-choices.ts';
import { liveTitles, type AfterpartyDb } from '../db/index.ts';
import { catalogPrint } from './title-matcher.ts';

export interface FilmSearch {
  search(text: string): Promise<FilmTitle[]>;
  /**
   * Reads the titles now, for the searches to come: the form that will search opened. The read
   * walks the title index (about a second at 100,000 films under load), which the user's
   * first keystrokes would otherwise wait for.
   */
  prepare(): Promise<void>;
}

export function filmSearch(db: AfterpartyDb, ready: () => Promise<void>): FilmSearch {
  let held: { print: string; list: Promise<TitleList> } | null = null;
  const titles = async (): Promise<TitleList> => {
    await ready();
    const print = await catalogPrint(db);
    if (held?.print !== print) {
      const list = liveTitles(db).then(titleList);
      const mine = { print, list };
      held = mine;
      // A failed read (storage unavailable) is tried again by the next search.
      list.catch(() => {
        if (held === mine) held = null;
      });
    }
    return held.list;
  };
  return {
    search: async (text) => titleChoices(await titles(), text),
    prepare: async () => void (await titles()),
  };
}
