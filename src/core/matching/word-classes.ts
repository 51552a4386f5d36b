// The classes of words the evidence rules look for near a title: words for a film and the
// words linking them to it, what films do, a sequel's "Part", the lexicon's short words, and
// the words that introduce a name as a name. Folded, in English, French, German and Italian.

import type { TokenView } from './token-view.ts';

/** Classes of words the cues look for, one bit each (see wordClassOf). */
export const WORD_CLASS = { film: 1, link: 2, verb: 4, sequel: 8, minor: 16 } as const;

// The words SEQUEL (title-cues.ts) opens with, folded: the regular expression runs only after one of them.
const SEQUEL_WORDS = new Set(['part', 'chapter', 'vol', 'volume']);

// Words for a film, and the words that link them to its title ("the sequel to", "la suite de"),
// in English, French, German and Italian, folded.
const FILM_WORDS = new Set(
  'film films movie movies sequel prequel remake premiere screening screenings trailer documentary suite fortsetzung seguito'.split(
    ' ',
  ),
);
const LINKS = new Set(['of', 'to', 'for', 'de', 'du', 'des', 'von', 'zu', 'di', 'del', 'della']);
// What a film does and a word does not: "Changeling won nothing", "Up opened Cannes" (English,
// French, German, Italian, folded).
const FILM_VERBS = new Set(
  'won wins opened opens premiered premieres screened screens grossed starred remporte gewann gewinnt vince vinse'.split(
    ' ',
  ),
);
/** The classes of a folded word, `minor` being the lexicon's short words. */
export function wordClassOf(word: string, minor: ReadonlySet<string>): number {
  return (
    (FILM_WORDS.has(word) ? WORD_CLASS.film : 0) |
    (LINKS.has(word) ? WORD_CLASS.link : 0) |
    (FILM_VERBS.has(word) ? WORD_CLASS.verb : 0) |
    (SEQUEL_WORDS.has(word) ? WORD_CLASS.sequel : 0) |
    (minor.has(word) ? WORD_CLASS.minor : 0)
  );
}

/** Every word some class holds but `minor`'s: an index numbers them so a view can look classes up. */
export const CLASSED_WORDS: readonly string[] = [...FILM_WORDS, ...LINKS, ...FILM_VERBS, ...SEQUEL_WORDS];

/** Is word `k` of class `cls`? By the view's table when it has one. */
export function isClass(view: TokenView, minor: ReadonlySet<string>, k: number, cls: number): boolean {
  const known = view.wordClass ? view.wordClass(k) : -1;
  return ((known >= 0 ? known : wordClassOf(view.word(k), minor)) & cls) !== 0;
}

// Words that introduce a name as a name: 'calls himself "Carol"', 'known as "Léon"', 'her
// name, "Roma"'; in English, French, German and Italian, folded.
const NAMING = new Set(
  'called named nicknamed dubbed christened name names alias aka surnomme surnommee appelle genannt heisst chiamato chiamata detto detta'.split(
    ' ',
  ),
);
const REFLEXIVE = new Set(['himself', 'herself', 'themselves', 'itself', 'se', 'sich', 'si']);
const CALLING = new Set(['call', 'calls', 'called', 'calling', 'name', 'names', 'named', 'nennt']);

/** Is the word before `first` naming what follows ("calls himself", "known as", "her name")? */
export function namedAs(view: TokenView, first: number): boolean {
  const p = first - 1;
  if (p < 0) return false;
  const word = view.word(p);
  if (NAMING.has(word)) return true;
  const before = p >= 1 ? view.word(p - 1) : '';
  return (word === 'as' && before === 'known') || (REFLEXIVE.has(word) && CALLING.has(before));
}
