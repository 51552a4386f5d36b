// The hard classes of a mention in the labelled corpus, and the per-group scores the corpus
// test prints. Most classes are read off the mention itself (its case, its spelling against
// the catalog, the text nodes it spans); "common" (a title of everyday words) also comes from
// the page's `data-class` tags, and "short" (a shortened title) only from them.
import { defaultLexicon } from '../../../src/core/matching/lexicon.ts';
import type { TitleSource } from '../../../src/core/matching/match-types.ts';
import { normalizeTitle } from '../../../src/core/matching/normalize.ts';
import { tokenize } from '../../../src/core/matching/tokenize.ts';

export const CLASSES = [
  'caps',
  'common',
  'alias',
  'diacritics',
  'typo',
  'censored',
  'split',
  'ambiguous',
  'short',
] as const;
export type HardClass = (typeof CLASSES)[number];

/** Classes a page may tag by hand; the rest are read off the mention. */
export const TAGGED: ReadonlySet<string> = new Set<HardClass>(['common', 'short']);

const ARTICLES = new Set(['the', 'a', 'an', 'le', 'la', 'les', 'der', 'die', 'das', 'il', 'lo']);
const LATIN_NOT_ASCII = /(?![A-Za-z])\p{Script=Latin}/u;
const LOWER = /\p{Ll}/u;
const LETTER = /\p{L}/gu;

/** Spelling key: folded, punctuation and spaces dropped ("Poor Boys Game" = "Poor Boy's Game"). */
const key = (s: string): string => normalizeTitle(s).replace(/[^\p{L}\p{N}*]+/gu, '');

function withoutArticle(name: string): string | null {
  const words = tokenize(normalizeTitle(name)).words;
  return words.length > 1 && ARTICLES.has(words[0] ?? '') ? words.slice(1).join('') : null;
}

export interface Mention {
  surface: string;
  filmIds: string[];
  /** Does it span more than one text node (a title split across inline elements)? */
  split: boolean;
  tagged: readonly string[];
}

/** The hard classes of a mention, labelled or found. */
export function classesOf(m: Mention, films: ReadonlyMap<string, TitleSource>): Set<HardClass> {
  const out = new Set<HardClass>();
  for (const t of m.tagged) if ((CLASSES as readonly string[]).includes(t)) out.add(t as HardClass);
  const own = m.filmIds.map((id) => films.get(id)).filter((f): f is TitleSource => f !== undefined);
  const surfaceKey = key(m.surface);
  // The name the mention spells, if it spells one exactly (a leading article may be left out).
  let spelt: { name: string; alias: boolean } | null = null;
  for (const film of own) {
    for (const [i, name] of [film.title, ...film.aliases].entries()) {
      if (key(name) === surfaceKey || withoutArticle(name) === surfaceKey) {
        if (!spelt || (spelt.alias && i === 0)) spelt = { name, alias: i > 0 };
      }
    }
  }
  const censored = m.surface.includes('*');
  if (censored) out.add('censored');
  if (!spelt && !censored && !out.has('short')) out.add('typo');
  if (spelt?.alias && !own.some((f) => key(f.title) === surfaceKey)) out.add('alias');
  const reference = spelt?.name ?? own[0]?.title ?? '';
  // NFKC first: a ligature ("ﬂ") or a full-width letter is typography, not a diacritic.
  if (LATIN_NOT_ASCII.test(m.surface.normalize('NFKC')) || LATIN_NOT_ASCII.test(reference.normalize('NFKC')))
    out.add('diacritics');
  const letters = m.surface.match(LETTER) ?? [];
  if (letters.length >= 2 && !LOWER.test(m.surface) && LOWER.test(reference)) out.add('caps');
  if (m.split) out.add('split');
  if (m.filmIds.length > 1) out.add('ambiguous');
  if (spelt) {
    const common = defaultLexicon().common;
    if (tokenize(normalizeTitle(spelt.name)).words.every((w) => common.has(w))) out.add('common');
  }
  return out;
}

export interface Tally {
  labels: number;
  found: number;
  /** Labels found. */
  hits: number;
}

export const emptyTally = (): Tally => ({ labels: 0, found: 0, hits: 0 });

export const precisionOf = (t: Tally): number => (t.found === 0 ? 1 : t.hits / t.found);
export const recallOf = (t: Tally): number => (t.labels === 0 ? 1 : t.hits / t.labels);

/** One line of the report: a group's precision and recall, with the counts behind them. */
export function tallyLine(name: string, t: Tally): string {
  const p = precisionOf(t).toFixed(3);
  const r = recallOf(t).toFixed(3);
  return `  ${name.padEnd(16)} precision ${p} (${t.hits}/${t.found})  recall ${r} (${t.hits}/${t.labels})`;
}
