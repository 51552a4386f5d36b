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
 */
function inflected(word: string): string[] {
  if (word.length < 3) return [word];
  const stem = word.endsWith('e') ? word.slice(0, -1) : word;
  const forms = [word, `${word}s`, `${word}es`, `${stem}ed`, `${stem}ing`, `${word}en`];
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  return forms;
}

export function lexiconFrom(lists: WordListText): Lexicon {
  return { common: new Set(split(lists.common).flatMap(inflected)), minor: new Set(split(lists.minor)) };
}

let built: Lexicon | undefined;

/** The built-in lists, split and inflected once: every matcher built with them shares the sets. */
export function defaultLexicon(): Lexicon {
  return (built ??= lexiconFrom(wordLists()));
}
