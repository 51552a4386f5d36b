// The worker builds one matcher over every feed's titles and keeps it in memory, and a page's
// first batch after a catalog change, or after the worker was stopped, waits for that build.
// So the titles are capped across all feeds, well above the 10,000-film benchmark catalog (one
// title and a few aliases each).

import { USER_FEED_ID } from '../rows.ts';

export const TITLE_LIMITS = { names: 50_000, characters: 2_000_000 };

export type TitleLimit = 'titles' | 'characters';

interface Named {
  feedId: string;
  key: string;
  title: string;
  aliases: readonly string[];
}

export interface CappedTitles<F> {
  /**
   * Films whose title and aliases fit: the user's own, then feed by feed in feed-id order
   * ("default" first), each in key order.
   */
  kept: F[];
  /** Feeds with a film left out, and which limit left it out. */
  cut: Map<string, TitleLimit>;
}

/** Keeps films, titles and aliases counted together, until a limit is reached; the rest are cut. */
export function capTitles<F extends Named>(films: readonly F[], limits = TITLE_LIMITS): CappedTitles<F> {
  // The user's own films first: a handful added by hand, and no feed's warning would tell of one cut.
  const rank = (film: F) => (film.feedId === USER_FEED_ID ? '' : film.feedId === 'default' ? '\u0000' : film.feedId);
  const ordered = [...films].sort((a, b) => compare(rank(a), rank(b)) || compare(a.key, b.key));
  const kept: F[] = [];
  const cut = new Map<string, TitleLimit>();
  // Once one film is out, all after it are: which titles a page looks for must not depend on lengths.
  let reached: TitleLimit | null = null;
  let names = 0;
  let characters = 0;
  for (const film of ordered) {
    if (!reached) {
      const moreNames = 1 + film.aliases.length;
      const moreCharacters = film.aliases.reduce((sum, alias) => sum + alias.length, film.title.length);
      if (names + moreNames > limits.names) reached = 'titles';
      else if (characters + moreCharacters > limits.characters) reached = 'characters';
      else {
        kept.push(film);
        names += moreNames;
        characters += moreCharacters;
        continue;
      }
    }
    if (!cut.has(film.feedId)) cut.set(film.feedId, reached);
  }
  return { kept, cut };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
