// Which elements start and end a line of text: the one list the text walk (text-extract.ts) and
// the rescan of changed blocks (mutation-rescan.ts) share, so a block the walk builds is the
// block a change rescans.

// Inline elements (b, i, span, a...) are not here, which keeps "Happy-<b>Go</b>-Lucky" one run of text.
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'BUTTON',
  'CAPTION',
  'CENTER',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIR',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'HTML',
  'LEGEND',
  'LI',
  'LISTING',
  'MAIN',
  'MENU',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SEARCH',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
  'BR',
]);

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

/**
 * An element that holds a block of its own: its text is one or more whole blocks, so adding or
 * removing it changes no other block's text. Not `br` and `hr`: they hold no text and split the
 * text around them, so adding or removing one changes the block around it.
 */
export function holdsBlock(node: Node): node is Element {
  if (node.nodeType !== ELEMENT_NODE) return false;
  const tag = (node as Element).tagName.toUpperCase();
  return BLOCK_TAGS.has(tag) && tag !== 'BR' && tag !== 'HR';
}

/**
 * The nearest ancestor (or self) that holds a block: rescan from there when a mutation adds
 * text in the middle of a paragraph, so the paragraph is matched whole.
 */
export function blockRootOf(node: Node): Node {
  let current: Node | null = node;
  while (current) {
    if (holdsBlock(current)) return current;
    if (current.nodeType === DOCUMENT_FRAGMENT_NODE || current.nodeType === DOCUMENT_NODE) return current;
    if (!current.parentNode) return current;
    current = current.parentNode;
  }
  return node;
}
