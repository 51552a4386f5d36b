// A one-character regular expression read by code for ASCII, as most of a page's punctuation
// is: the evidence rules ask such questions of the characters around every candidate title.

/** For each ASCII code, whether `test` matches its character. */
export function asciiTable(test: RegExp): Uint8Array {
  const table = new Uint8Array(0x80);
  for (let c = 0; c < 0x80; c++) table[c] = test.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
}

/** `test.test(text[i])` for `i` within the text, by `table` (asciiTable(test)) for ASCII. */
export function charIs(table: Uint8Array, test: RegExp, text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 0x80 ? table[c] === 1 : test.test(text[i] as string);
}
