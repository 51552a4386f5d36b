// Character classes the page pass (page-reader.ts, namesakes.ts, short-forms.ts) tests one
// character with, declared once: each copy was bytes of the content script, which every page
// and frame loads. None is global, so sharing them keeps no state between tests.

/** A space, the no-break space included. */
export const SPACE = /[\s\u00a0]/u;
export const UPPER = /\p{Lu}/u;
export const LETTER = /\p{L}/u;
