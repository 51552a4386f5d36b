// The public shapes of the title matcher (re-exported by matcher.ts). Kept apart so the
// index, evidence and typo modules can share them without importing the matcher itself.

/** What the matcher needs of a film; `Film` from model.ts fits as it is. */
export interface TitleSource {
  id: string;
  title: string;
  aliases: string[];
  year: number | null;
  directors: string[];
}

/** A span of `TextBlock.text`, in UTF-16 offsets, that the page emphasises. */
export interface TextSpan {
  start: number;
  end: number;
  /** A link: in a run of links (a menu, a footer) it is layout, not emphasis. */
  link?: boolean;
}

/** One run of text in which a title may be found (a paragraph, a heading, a summary). */
export interface TextBlock {
  text: string;
  /** Italics, links, citations, `<q>`: evidence that an ordinary word is meant as a title. */
  marks?: TextSpan[];
  /**
   * Buttons, menus, navigation (text-extract.ts): read only by the page pass (page-reader.ts),
   * which the content script runs itself; the matcher never sees them.
   */
  controls?: TextSpan[];
}

export interface TitleMatch {
  /**
   * Every film with this title (two films may share one), in catalog order. To be read, not
   * changed: matches of one name share their list with each other and with the index.
   */
  filmIds: string[];
  /** Exact UTF-16 offsets into the block's text; `surface === text.slice(start, end)`. */
  start: number;
  end: number;
  surface: string;
}

export interface Matcher {
  /** The matches in a block, in text order, never overlapping. Never throws. */
  find(block: TextBlock): TitleMatch[];
  /**
   * The same matches packed into the next block of `into` (packed-matches.ts's findPacked),
   * as the worker sends them: no match objects, no surfaces. Never throws.
   */
  findInto?(block: TextBlock, into: PackedSink): void;
  /** How many distinct titles and aliases were compiled. */
  readonly size: number;
}

/** Where findInto packs a block's matches (packed-matches.ts's MatchPacker). */
export interface PackedSink {
  /** Starts the next block: its matches go in the array returned, three numbers each. */
  block(): number[];
  /** The number of a list of film ids in the batch. */
  listOf(filmIds: string[]): number;
}
