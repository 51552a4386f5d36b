// The worker builds one matcher over every feed's titles, keeps it in memory and stores it
// (stored-index.ts), so the titles are capped across all feeds by what they cost the index in
// bytes, not by how many there are: 100,000 films with their aliases fit (issue 28), and a
// catalog of very long titles comes down to the same memory.

import { USER_FEED_ID } from '../rows.ts';

/**
 * What a name and a character of it cost the stored index, measured on the bench catalog
 * (`indexMB100k` in `npm run bench`: 23.6 MB for 100,000 films, 130,030 names of 2,078,381
 * characters, about 181 bytes a name and 11 a character taken alone), rounded up so that the
 * estimate stays above what is measured; test/core/matching/cap-titles.test.ts holds it there.
 */
export const NAME_BYTES = 160;
export const CHARACTER_BYTES = 6;

/** 64 MB of index: the bench's 100,000 films are some 33 MB by this count, 100,000 with two aliases each 62 MB. */
export const TITLE_LIMITS = { bytes: 64 * 1024 * 1024 };

/** 'titles': the budget left films out. 'characters': the older cap on characters, as stored rows may still say. */
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

/** What a film's title and aliases add to the index, by NAME_BYTES and CHARACTER_BYTES. */
export function titleBytes(film: { title: string; aliases: readonly string[] }): number {
  let characters = film.title.length;
  for (const alias of film.aliases) characters += alias.length;
  return NAME_BYTES * (1 + film.aliases.length) + CHARACTER_BYTES * characters;
}

/** Keeps films, titles and aliases counted together, until the budget is spent; the rest are cut. */
export function capTitles<F extends Named>(films: readonly F[], limits = TITLE_LIMITS): CappedTitles<F> {
  // The user's own films first: a handful added by hand, and no feed's warning would tell of one cut.
  const rank = (film: F) => (film.feedId === USER_FEED_ID ? '' : film.feedId === 'default' ? '\u0000' : film.feedId);
  const ordered = [...films].sort((a, b) => compare(rank(a), rank(b)) || compare(a.key, b.key));
  const kept: F[] = [];
  const cut = new Map<string, TitleLimit>();
  // Once one film is out, all after it are: which titles a page looks for must not depend on lengths.
  let reached = false;
  let bytes = 0;
  for (const film of ordered) {
    if (!reached) {
      const more = titleBytes(film);
      if (bytes + more > limits.bytes) reached = true;
      else {
        kept.push(film);
        bytes += more;
        continue;
      }
    }
    if (!cut.has(film.feedId)) cut.set(film.feedId, 'titles');
  }
  return { kept, cut };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
