// A page written from the catalog's own titles, for a matcher just built to read before any
// real page asks. Traced in Chromium, the worker's JavaScript engine spent about 0.6 s of CPU
// compiling the matcher's hot code while it read the first large page after a build, on two
// cores shared with that page's own work (docs/performance.md). The engine
// compiles a function fully only once it has run often, so the page must be large and dense
// with titles in every shape: at 100-500 KB, or with long sentences between the titles, the
// evidence rules (cued, alone, chooseLongest) were still compiled while the 2 MB article was read.

import type { TextBlock, TextSpan, TitleSource } from './match-types.ts';

/** The warm-up's size: enough for the matcher's code to be compiled fully (`--trace-opt`). */
export const WARM_UP_CHARS = 600_000;
const BLOCK_CHARS = 4_000;

// Short, so that the page is dense with titles as a programme or a list of reviews is.
const FILLER = ['at the bar', 'on Friday night', 'before the gala', 'the critics said'];

interface Sentence {
  text: string;
  /** Where the title sits in `text`, when the page sets it in emphasis. */
  mark?: TextSpan;
}

const first = (name: string): string => name.split(/\s+/u)[0] ?? name;
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The shapes a title takes on a page, each calling on other rules of the matcher: case alone,
 * emphasis, quotes, a possessive, credits, a list number, a programme line, a headline in
 * capitals, a film word or verb beside it, lower case, one word of a longer title alone, and
 * titles run together.
 */
const SHAPES: Array<(name: string, film: TitleSource, other: string, filler: string) => Sentence> = [
  (name, _, other, filler) => ({ text: `We saw ${name} at the festival, then ${other}. ${filler}` }),
  (name, film, _, filler) => {
    const text = `Last night, ${name} (${film.year ?? 2020}) opened the programme. ${filler}`;
    return { text, mark: { start: 12, end: 12 + name.length } };
  },
  (name, film, _, filler) => ({ text: `“${name}” is ${film.directors[0] ?? 'the director'}’s best film. ${filler}` }),
  (name, _, __, filler) => ({ text: `a ${name.toLowerCase()} kind of evening, ${filler}` }),
  (name, film, _, filler) => ({
    text: `${name} (${film.directors[0] ?? 'Ana Ruiz'}, ${film.year ?? 2020}) screens at nine. ${filler}`,
  }),
  (name, _, other, filler) => ({ text: `${filler} 3. ${name} 4. ${other} — 18:00 — ${name} — Cinema 1.` }),
  (name, _, __, filler) => ({ text: `${name.toUpperCase()} WINS THE AUDIENCE AWARD. ${filler}` }),
  (name, _, __, filler) => ({ text: `The film ${capital(first(name))} premieres tonight; ${filler}` }),
  (name, film, _, filler) => ({ text: `${film.directors[0] ?? 'Ruiz'}'s ${capital(first(name))} is ${filler}` }),
  (name, _, other, filler) => ({
    text: `${filler}, and ${first(name).toLowerCase()} or ${capital(first(other))} again.`,
  }),
  // Titles run together, their words overlapping other titles': which one is meant is decided.
  (name, _, other, filler) => ({ text: `${filler} ${name} ${other} ${first(other)} ${name} ${first(name)} ${other}` }),
  (name, _, other, filler) => {
    const text = `See ${name} and ${other} in the programme. ${filler}`;
    return { text, mark: { start: 4, end: 4 + name.length, link: true } };
  },
];

/**
 * Blocks of prose that name the catalog's titles in every shape of SHAPES. Titles are taken
 * evenly across the catalog, so its every part is read.
 */
export function warmUpBlocks(sources: readonly TitleSource[], chars = WARM_UP_CHARS): TextBlock[] {
  if (sources.length === 0) return [];
  const blocks: TextBlock[] = [];
  let text = '';
  let marks: TextSpan[] = [];
  let total = 0;
  const step = Math.max(1, Math.floor(sources.length / Math.max(1, chars / 80)));
  for (let i = 0, n = 0; total < chars; i = (i + step) % sources.length, n++) {
    const film = sources[i]!;
    const name = film.aliases.length > 0 && n % 7 === 3 ? film.aliases[0]! : film.title;
    const other = sources[(i * 31 + 7) % sources.length]!.title;
    const sentence = SHAPES[n % SHAPES.length]!(name, film, other, FILLER[n % FILLER.length]!);
    const { mark } = sentence;
    if (mark) marks.push({ ...mark, start: text.length + mark.start, end: text.length + mark.end });
    text += `${sentence.text} `;
    total += sentence.text.length + 1;
    if (text.length >= BLOCK_CHARS || total >= chars) {
      blocks.push({ text, marks });
      text = '';
      marks = [];
    }
  }
  return blocks;
}
