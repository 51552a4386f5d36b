// Quote characters directly around a span: 'Crash', "Crash," or « Crash ». The evidence rules
// take quotes as emphasis, and the matcher asks before a walk: unless quoted, a lower-case
// word in a block without emphasis starts only titles that need no evidence.

const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
export const OPEN_QUOTES = new Set(["'", '"', '‘', '“', '„', '‚', '«', '‹', '「', '『', '‛', '‟', '`']);
export const CLOSE_QUOTES = new Set(["'", '"', '’', '”', '“', '‘', '»', '›', '」', '』']);
const SPACED_QUOTES = new Set(['«', '‹', '»', '›']); // French: « Crash »
// ASCII characters that may open a quote, or be the space before a « (see quotedSpan).
const ASCII_QUOTE_OR_SPACE = new Uint8Array(0x80);
for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x22, 0x27, 0x60]) ASCII_QUOTE_OR_SPACE[c] = 1;
const TRAILING_PUNCT = new Set(['.', ',', '!', '?', ';', ':']); // 'Crash.' with US quotes

/** Quote characters directly around text[start, stop). */
export function quotedSpan(text: string, start: number, stop: number): boolean {
  let open = start - 1;
  // Most words follow a space with no « before it, or an ASCII character that is neither a
  // quote nor a space: no quote opens there.
  if (open < 0) return false;
  const before = text.charCodeAt(open);
  if (before === 0x20) {
    const guillemet = open > 0 ? text.charCodeAt(open - 1) : 0;
    if (guillemet !== 0xab && guillemet !== 0x2039) return false;
  } else if (before < 0x80 && !ASCII_QUOTE_OR_SPACE[before]) return false;
  if (SPACE.test(text[open] ?? '') && SPACED_QUOTES.has(text[open - 1] ?? '')) open--;
  if (!OPEN_QUOTES.has(text[open] ?? '') || WORD.test(text[open - 1] ?? '')) return false;
  let close = stop;
  if (TRAILING_PUNCT.has(text[close] ?? '')) close++;
  if (SPACE.test(text[close] ?? '') && SPACED_QUOTES.has(text[close + 1] ?? '')) close++;
  return CLOSE_QUOTES.has(text[close] ?? '') && !WORD.test(text[close + 1] ?? '');
}
