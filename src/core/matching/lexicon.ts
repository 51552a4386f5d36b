import { wordLists } from './common-words.ts';

/** The word lists the matcher's evidence rules and typo checks consult (common-words.ts). */
export interface Lexicon {
  common: ReadonlySet<string>;
  minor: ReadonlySet<string>;
}

/** The lists as text, cheap to send in a message: words separated by white space. */
export interface WordListText {
  common: string;
  minor: string;
}

const split = (list: string): string[] => list.split(/\s+/).filter((w) => w !== '');

export function lexiconFrom(lists: WordListText): Lexicon {
  return { common: new Set(split(lists.common)), minor: new Set(split(lists.minor)) };
}

let built: Lexicon | undefined;

/** The built-in lists; the content script receives them from the background instead. */
export function defaultLexicon(): Lexicon {
  return (built ??= lexiconFrom(wordLists()));
}
