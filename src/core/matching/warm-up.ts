// A page written from the catalog's own titles, for a matcher just built to read before any
// real page asks. Traced in Chromium, the worker's JavaScript engine spent about 0.6 s of CPU
// compiling the matcher's hot code while it read the first large page after a build, on two
// cores shared with that page's own work; read once beforehand, the same 2 MB page was
// underlined in 0.85 s instead of 1.05-1.6 s (docs/architecture.md, "Performance").

import type { TextBlock, TextSpan, TitleSource } from './match-types.ts';

/** The warm-up's size: enough for its code to be compiled, small next to a real page. */
export const WARM_UP_CHARS = 96_000;
const BLOCK_CHARS = 4_000;

const FILLER = [
  'We went on to the party after the screening, and the line at the bar was long.',
  'the critics were still talking about it at the dinner on Friday night',
  'Tickets for the gala went in minutes; the rest of the crowd waited outside.',
];

/**
 * Blocks of prose that name the catalog's titles the ways pages set them: capitalised in a
 * sentence, in italics, quoted, with a year or a director, in lower case, and around everyday
 * words. Titles are taken evenly across the catalog, so its every part is read.
 */
export function warmUpBlocks(sources: readonly TitleSource[], chars = WARM_UP_CHARS): TextBlock[] {
  if (sources.length === 0) return [];
  const blocks: TextBlock[] = [];
  let text = '';
  let marks: TextSpan[] = [];
  let total = 0;
  const step = Math.max(1, Math.floor(sources.length / Math.max(1, chars / 60)));
  for (let i = 0, n = 0; total < chars; i = (i + step) % sources.length, n++) {
    const film = sources[i]!;
    const name = film.aliases.length > 0 && n % 7 === 3 ? film.aliases[0]! : film.title;
    const filler = FILLER[n % FILLER.length]!;
    const sentence = ((): string => {
      switch (n % 6) {
        case 0:
          return `We saw ${name} at the festival. ${filler}`;
        case 1: {
          marks.push({ start: text.length + 12, end: text.length + 12 + name.length, link: n % 12 === 1 });
          return `Last night, ${name} (${film.year ?? 2020}) opened the programme. ${filler}`;
        }
        case 2:
          return `“${name}” is ${film.directors[0] ?? 'the director'}'s best film. ${filler}`;
        case 3:
          return `a ${name.toLowerCase()} kind of evening, ${filler}`;
        case 4:
          return `${name}, directed by ${film.directors[0] ?? 'a newcomer'}, ${filler}`;
        default:
          return `${filler} After ${name}, and then ${sources[(i * 31 + 7) % sources.length]!.title}.`;
      }
    })();
    text += `${sentence} `;
    total += sentence.length + 1;
    if (text.length >= BLOCK_CHARS || total >= chars) {
      blocks.push({ text, marks });
      text = '';
      marks = [];
    }
  }
  return blocks;
}
