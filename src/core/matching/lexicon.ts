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

/**
 * A listed word's regular inflections ("leave" -> "leaves", "fall" -> "fallen", "try" ->
 * "tries"): "fallen leaves" is as everyday as "fall" and "leave". Irregular forms are listed.
 * Each form is added as it is made, the word first: made on every wake, in code not yet
 * compiled, a list of forms a word (8,000 forms of 1,400 words) was twice the time.
 */
function addInflected(word: string, common: Set<string>): void {
  common.add(word);
  if (word.length < 3) return;
  const stem = word.endsWith('e') ? word.slice(0, -1) : word;
  common.add(`${word}s`);
  common.add(`${word}es`);
  common.add(`${stem}ed`);
  common.add(`${stem}ing`);
  common.add(`${word}en`);
  if (word.endsWith('y')) {
    common.add(`${word.slice(0, -1)}ies`);
    common.add(`${word.slice(0, -1)}ied`);
  }
}

export function lexiconFrom(lists: WordListText): Lexicon {
  const common = new Set<string>();
  for (const word of split(lists.common)) addInflected(word, common);
  return { common, minor: new Set(split(lists.minor)) };
}

let built: Lexicon | undefined;

/** The built-in lists, split and inflected once: every matcher built with them shares the sets. */
export function defaultLexicon(): Lexicon {
  return (built ??= lexiconFrom(wordLists()));
}
