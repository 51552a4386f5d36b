import type { PackedMatches, TextBlock, TextSpan } from '../core/matching/index.ts';
import type { CorrectionRow, EventRow, FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import type { FilmTitle } from '../core/title-choices.ts';
import type { Settings } from '../core/settings.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

export interface ListingMessages {
  /**
   * The films a title typed in the popup's film picker names: the one of that exact title, else
   * what the worker's matcher finds in it (forgiving case, accents, censoring and a typo).
   */
  findFilms: { params: { text: string }; result: { filmKeys: string[] } };
  /**
   * The titles in a batch of the page's text blocks, one list per block: the matcher lives in
   * the background, built once per data revision, so a frame pays nothing for the catalog.
   */
  findTitles: { params: { blocks: TextBlock[] }; result: { matches: PackedMatches } };
  /**
   * A frame's first batch with everything its scan needs, in one round trip: whether its site
   * is switched off (then nothing is matched), the display settings, the corrections for its
   * site, and the batch's titles. The site is the sender's, never from params.
   */
  beginScan: {
    params: { blocks: TextBlock[] };
    result:
      | { disabled: true }
      | { disabled: false; settings: Settings; corrections: CorrectionRow[]; matches: PackedMatches };
  };
  /** Events for the films found on a page, with their festivals for time zones. */
  getListings: {
    params: { filmKeys: string[] };
    result: { listings: Listing[]; festivals: FestivalRow[] };
  };
  /** Every event, the user's own included, for the popup's day-by-day schedule; extension pages only. */
  getSchedule: {
    params: Record<string, never>;
    result: { events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] };
  };
  /**
   * Every festival, and every film's key and title when the catalog has at most
   * WHOLE_CATALOG_UP_TO films (core/title-choices.ts), for the own-event form's pickers; `films`
   * is null for a larger catalog, which the form searches as the user types (searchFilms).
   * Extension pages only.
   */
  getEventCatalog: {
    params: Record<string, never>;
    result: { films: FilmTitle[] | null; festivals: FestivalRow[] };
  };
  /**
   * The own-event form's type-ahead over a large catalog: titles that start with the text, then
   * titles that contain it, case and accents ignored, at most TYPED_CHOICES. Extension pages only.
   */
  searchFilms: { params: { text: string }; result: { films: FilmTitle[] } };
  /** The titles of films picked by key (the form shows them by title); a key of no live film is left out. */
  getFilmTitles: { params: { filmKeys: string[] }; result: { films: FilmTitle[] } };
}

const MAX_FILM_KEYS = 5_000;
const MAX_FILM_KEY_CHARS = 400;
/** A title typed into the film picker. */
export const MAX_FIND_FILMS_CHARS = 1_000;
/** One batch: the content script sends windows of at most 8,000 characters, about 64 KB a batch. */
export const MAX_FIND_BLOCKS = 2_000;
export const MAX_FIND_CHARS = 1_000_000;
/**
 * The longest window the content script cuts from a block (src/content/block-chunks.ts: 8,000
 * characters owned, up to 800 before them where no space is found nearer, and 400 after). A
 * longer block is no page's but a sender's choosing, and one block is matched in one go while
 * every other sender waits (issue 26 item 3: 300 K characters in one link took 6.7 s).
 */
export const MAX_BLOCK_CHARS = 9_200;
const MAX_MARKS = 10_000;

function validBlock(block: unknown): TextBlock | null {
  if (!isPlainObject(block) || typeof block.text !== 'string') return null;
  if (block.marks === undefined) return { text: block.text };
  if (!Array.isArray(block.marks) || block.marks.length > MAX_MARKS) return null;
  const marks: TextSpan[] = [];
  for (const m of block.marks as unknown[]) {
    if (!isPlainObject(m) || !Number.isInteger(m.start) || !Number.isInteger(m.end)) return null;
    marks.push(
      m.link === true
        ? { start: m.start as number, end: m.end as number, link: true }
        : { start: m.start as number, end: m.end as number },
    );
  }
  return { text: block.text, marks };
}

/** Validates `{filmKeys}`: a bounded list of short strings. */
function validFilmKeys(name: string) {
  return (params: unknown): { filmKeys: string[] } | string => {
    if (!isPlainObject(params) || !Array.isArray(params.filmKeys)) return `${name} needs {filmKeys: string[]}`;
    const keys = params.filmKeys;
    if (keys.length > MAX_FILM_KEYS) return `${name} accepts at most ${MAX_FILM_KEYS} film keys`;
    if (!keys.every((key) => typeof key === 'string' && key.length <= MAX_FILM_KEY_CHARS)) {
      return `${name}: every film key must be a short string`;
    }
    return { filmKeys: keys as string[] };
  };
}

function validBlocks(name: string) {
  return (params: unknown): { blocks: TextBlock[] } | string => {
    if (!isPlainObject(params) || !Array.isArray(params.blocks)) return `${name} needs {blocks: {text, marks?}[]}`;
    if (params.blocks.length > MAX_FIND_BLOCKS) return `${name} accepts at most ${MAX_FIND_BLOCKS} blocks`;
    const blocks: TextBlock[] = [];
    let chars = 0;
    for (const item of params.blocks as unknown[]) {
      const block = validBlock(item);
      if (!block) return `${name}: every block must be {text: string, marks?: {start, end, link?}[]}`;
      if (block.text.length > MAX_BLOCK_CHARS)
        return `${name} accepts blocks of at most ${MAX_BLOCK_CHARS} characters, as the page's own windows are`;
      chars += block.text.length;
      if (chars > MAX_FIND_CHARS) return `${name} accepts at most ${MAX_FIND_CHARS} characters`;
      blocks.push(block);
    }
    return { blocks };
  };
}

export const listingSpecs: SpecsFor<ListingMessages> = {
  // Extension pages only: content scripts match through findTitles, in the page's own text.
  findFilms: {
    privileged: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.text !== 'string') return 'findFilms needs {text}';
      if (params.text.length > MAX_FIND_FILMS_CHARS)
        return `findFilms accepts a title of at most ${MAX_FIND_FILMS_CHARS} characters`;
      return { text: params.text };
    },
  },
  getSchedule: { privileged: true, validate: noParams('getSchedule') },
  getEventCatalog: { privileged: true, validate: noParams('getEventCatalog') },
  findTitles: { validate: validBlocks('findTitles') },
  beginScan: { validate: validBlocks('beginScan') },
  getListings: { validate: validFilmKeys('getListings') },
  searchFilms: {
    privileged: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.text !== 'string') return 'searchFilms needs {text}';
      if (params.text.length > MAX_FIND_FILMS_CHARS)
        return `searchFilms accepts a text of at most ${MAX_FIND_FILMS_CHARS} characters`;
      return { text: params.text };
    },
  },
  getFilmTitles: { privileged: true, validate: validFilmKeys('getFilmTitles') },
};
