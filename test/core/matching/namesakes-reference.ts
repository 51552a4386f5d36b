// The namesake rules as they were before their words after a title were looked for first
// (namesakes.ts, AFTER_CUE): namesakes-differential.test.ts holds the new code to them.
// A title's namesakes: the same words naming a TV series, a stage show, a book, a place, a
// character or a button. Read from the grammar around a match and the page's structure, never
// from a list of titles: "Fargo TV series", "season 3 of Fargo", "Cabaret on Broadway",
// "Selma, Alabama", "the Selma-to-Montgomery marches", "Noah (Russell Crowe) recounts",
// "Batman and Robin", a quoted longer name ("Rita Hayworth and Shawshank Redemption"), a menu's
// "Vice", a link's "Sign Up". Kept free of the matcher's modules: the content script runs it.
//
// A 'strong' reading is the sentence's own word for what the name is, and holds on any page;
// a 'weak' one (a character's partner, an interface label) yields where the page has named the
// film as a film (filmContext).

import type { TextBlock, TextSpan, TitleMatch } from '../../../src/core/matching/match-types.ts';
import { SPACE } from '../../../src/core/matching/page-chars.ts';

export type Namesake = 'strong' | 'weak' | null;

// What a series, a stage show or a book is called, in English and French.
const WORK_AFTER =
  /^(?:['’]s)?[\s\u00a0]+(?:\(?TV\b|television\b|(?:mini-?)?series\b|séries?\b|seasons?\b|saison\b|episodes?\b|épisodes?\b|sitcom\b|showrunner\b|creator\b|on[\s\u00a0]+Broadway\b|off-Broadway\b|musical\b|novel\b|roman\b|comic\b|album\b|song\b|video[\s\u00a0]+game\b|podcast\b)/u;
// Names coordinated with the title before the word for what they are: "Fargo, Legion creator".
const COORDINATED =
  /^(?:[\s\u00a0]*(?:,|and|&|\/)[\s\u00a0]*\p{Lu}[\p{L}\p{N}'’.-]*(?:[\s\u00a0]+\p{Lu}[\p{L}\p{N}'’.-]*){0,2})+/u;
const WORK_BEFORE =
  /(?:\b(?:seasons?|episodes?|series|saison|épisode)[\s\u00a0]+(?:\d+|[ivxIVX]+|one|two|three|four|five)?[\s\u00a0]*(?:of|de)|\bthe[\s\u00a0]+(?:TV[\s\u00a0]+|hit[\s\u00a0]+)?(?:series|show|sitcom|musical|novel|book|song|album|play|comic|podcast|video[\s\u00a0]+game)|\bla[\s\u00a0]+série|\ble[\s\u00a0]+roman)[\s\u00a0]*[,:]?[\s\u00a0]*$/iu;

// US states and countries, written after a town's name: "Selma, Alabama", "Columbus, Indiana".
const PLACES = new Set(
  (
    'Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho ' +
    'Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota ' +
    'Mississippi Missouri Montana Nebraska Nevada Hampshire Jersey Mexico York Carolina Dakota Ohio Oklahoma ' +
    'Oregon Pennsylvania Rhode Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming ' +
    'England Scotland Wales Ireland France Germany Italy Spain Canada Australia Japan China India Brazil ' +
    'Ontario Quebec Québec Belgium Switzerland Austria Poland Russia Ukraine Egypt Israel Turkey Greece ' +
    'Portugal Netherlands Sweden Norway Denmark Finland Argentina Chile Colombia Peru Cuba Morocco'
  ).split(' '),
);
// The place ends its phrase: "Gomorrah, Italy's submission" is a title and its country.
const PLACE_AFTER = /^,[\s\u00a0]+(\p{Lu}\p{L}+)(?=[\s\u00a0]*(?:[,.;:)]|$))/u;
// "the Selma-to-Montgomery marches", "Chicago-born": hyphenated to a word of grammar or origin, a
// place's name ("Collateral-style" is still the film).
const COMPOUND_AFTER = /^[-\u2010\u2011](?:to|and|in|on|of|by|born|based|area)(?![\p{L}\p{N}])/u;
const FROM_BEFORE = /\bfrom[\s\u00a0]+$/u;
const TO_AFTER = /^[\s\u00a0]+to[\s\u00a0]+\p{Lu}/u;

// "when Noah (Russell Crowe) recounts": a person's name alone in brackets, mid-sentence, is the actor.
const ACTOR_AFTER =
  /^[\s\u00a0]*\([\s\u00a0]*\p{Lu}[\p{L}'’.-]+(?:[\s\u00a0]+\p{Lu}[\p{L}'’.-]+){1,2}[\s\u00a0]*\)[\s\u00a0]+\p{Ll}/u;
const WORD_BEFORE = /(?:^|[^\p{L}'’-])\p{Ll}[\p{L}'’-]*[\s\u00a0]+$/u;
// "Batman and Robin", "Ginger and Fred": a one-word name paired with another capitalised name.
const PARTNER_AFTER = /^[\s\u00a0]+(?:and|&)[\s\u00a0]+(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}])/u;
const PARTNER_BEFORE = /(?:^|[^\p{L}\p{N}])(\p{Lu}\p{Ll}+)[\s\u00a0]+(?:and|&)[\s\u00a0]+$/u;
// "Ben Affleck as Batman", "Crowe portrays Noah": a role, not the film ("released in English as
// Show Me Love" is an alias: one capitalised word before "as" is no actor).
const ROLE_BEFORE =
  /(?:\p{Lu}[\p{L}'’.-]+[\s\u00a0]+\p{Lu}[\p{L}'’.-]+[\s\u00a0]+as|\b(?:portrays?|portrayed|portraying|voices|voiced|voicing))[\s\u00a0]+$/u;
const PLAYS_BEFORE = /(?:\p{Lu}[\p{L}'’.-]*|\b(?:he|she|who|they))[\s\u00a0]+(?:plays|played|playing)[\s\u00a0]+$/u;
// "lives in Chicago", "born in Selma", "grew up near Brooklyn", "downtown Manhattan": a place
// after a word of living or travel; never after a name ("Paul Mescal in Aftersun").
const PLACE_WORDS =
  'live[sd]?|living|born|raised|based|moved|grew[\\s\\u00a0]+up|settled|located|headquartered|stationed|stayed|staying|' +
  'arrived|arriving|travel(?:l?ed)?|flew|drove|walked|trip|visit(?:ed|ing)?|filmed|shot|set|' +
  'apartment|home|house|office|studio|neighbou?rhood|restaurant|bar|hotel|school|university|church|hospital|' +
  'street|suburbs?|town|city|village|district|county|native|residents?|community|here|back|mayor|streets|outskirts';
const PLACE_BEFORE = new RegExp(
  `\\b(?:(?:${PLACE_WORDS})[\\s\\u00a0]+(?:in|to|near|from|outside|around|across|of)|downtown|near|outside|throughout)[\\s\\u00a0]+$`,
  'iu',
);
const POSSESSIVE_BEFORE = /(?:^|[^\p{L}])(?:his|her|their|its|my|your|our)[\s\u00a0]+$/u;

// Each rule on the words before a title ends on one of a few words, looked for first: an
// expression anchored at the end is tried from each of the 60 positions before every title
// of the page (the bench's 2 MB article has 37,000), which was most of this pass's time.
// The words are read backwards from one place (a sticky lookbehind) in the page's own text:
// no slice and no lower-cased copy for every title, the pass's garbage while the content
// script is cold. Case-insensitive as the rules are (which folds the long s and the Kelvin
// sign as lower-casing did). Only a filter: every rule then reads its own span before the
// title, so a word reaching back past that span lets nothing through.
const BEFORE_ENDS =
  /(?<=of|de|series|show|sitcom|musical|novel|book|song|album|play|comic|podcast|game|série|roman|in|to|near|from|outside|around|across|downtown|throughout|as|portrays?|portrayed|portraying|voices|voiced|voicing|plays|played|playing|his|her|their|its|my|your|our|and|&|films?|movies?|documentary|documentaire)/iuy;
/** trimEnd's spaces. */
const TRIMMED = /\s/u;

/** Where the spaces just before `end` begin, going back no further than `from`. */
function spacesBefore(text: string, end: number, from: number): number {
  while (end > from && TRIMMED.test(text[end - 1]!)) end--;
  return end;
}

/**
 * Do the `span` characters before `start`, without the spaces and the one "," or ":" a rule
 * allows after its last word, end on a word a rule ends on?
 */
function cued(text: string, start: number, span: number, ends = BEFORE_ENDS): boolean {
  const from = Math.max(0, start - span);
  let end = spacesBefore(text, start, from);
  if (end > from && (text[end - 1] === ',' || text[end - 1] === ':')) end = spacesBefore(text, end - 1, from);
  ends.lastIndex = end;
  return ends.test(text);
}

// A string's characters: one set entry each.
const OPENING = new Set(`"“‘«„'`);
const CLOSING = new Set(`"”’»'`);
const ANY_OPENING = /["“‘«„']/u;
const LETTER = /[\p{L}\p{N}]/u;
const MAX_QUOTED = 80;
const MAX_NAME_WORDS = 8;
const MINOR = new Set('a an and at by de du et for from in la le of on or the to with'.split(' '));
const MAX_LABEL_WORDS = 4;

const covered = (matches: readonly TitleMatch[], at: number): boolean =>
  matches.some((m) => m.start <= at && m.end > at);

/** "Rita Hayworth and Shawshank Redemption" in quotes: the quote names something longer. */
function insideLongerQuote(text: string, start: number, end: number): boolean {
  // The walk below looks for an opening quote within MAX_QUOTED before; most titles have none.
  if (!ANY_OPENING.test(text.slice(Math.max(0, start - MAX_QUOTED), start))) return false;
  let open = -1;
  for (let i = start - 1; i >= Math.max(0, start - MAX_QUOTED); i--) {
    const c = text[i]!;
    if (CLOSING.has(c) && !OPENING.has(c)) return false;
    if (OPENING.has(c) && (i === 0 || !LETTER.test(text[i - 1]!))) {
      open = i;
      break;
    }
    if (c === '.' || c === '!' || c === '?' || c === '\n') return false;
  }
  if (open < 0) return false;
  let close = -1;
  for (let i = end; i < Math.min(text.length, end + MAX_QUOTED); i++) {
    const c = text[i]!;
    if (OPENING.has(c) && !CLOSING.has(c)) return false;
    if (CLOSING.has(c) && !LETTER.test(text[i + 1] ?? '')) {
      close = i;
      break;
    }
    if (c === '\n') return false;
  }
  if (close < 0) return false;
  if (!(LETTER.test(text.slice(open + 1, start)) || LETTER.test(text.slice(end, close)))) return false;
  // A name in title case, not a quoted sentence ("‘I love Singin’ in the Rain, but…’").
  const words = text
    .slice(open + 1, close)
    .split(/[\s\u00a0]+/u)
    .filter((w) => LETTER.test(w));
  return words.length <= MAX_NAME_WORDS && words.every((w) => /^[^\p{L}]*\p{Lu}/u.test(w) || MINOR.has(w));
}

const wordsIn = (s: string): number => s.split(/[\s\u00a0]+/u).filter((w) => LETTER.test(w)).length;

/**
 * A short label (a link, a button) that holds the title and other words: "Sign Up", "Press Room".
 * Of `spans`, only the links with `links` (read in place: a filtered copy was an array a title).
 */
function insideLabel(text: string, spans: readonly TextSpan[], start: number, end: number, links = false): boolean {
  for (const s of spans) {
    if ((links && !s.link) || s.start > start || s.end < end) continue;
    const label = text.slice(s.start, s.end);
    if (/\d/u.test(label) || wordsIn(label) > MAX_LABEL_WORDS) continue;
    if (LETTER.test(text.slice(s.start, start)) || LETTER.test(text.slice(end, s.end))) return true;
  }
  return false;
}

/** What the grammar and structure around `m` say it names, if not a film. */
export function namesake(block: TextBlock, m: TitleMatch, matches: readonly TitleMatch[]): Namesake {
  const { text } = block;
  const before = text.slice(Math.max(0, m.start - 60), m.start);
  const after = text.slice(m.end, m.end + 80);
  const oneWord = !SPACE.test(m.surface.trim());

  const cue = cued(text, m.start, 60);

  if (WORK_AFTER.test(after)) return 'strong';
  const coordinated = COORDINATED.exec(after);
  if (coordinated && WORK_AFTER.test(after.slice(coordinated[0].length))) return 'strong';
  if (cue && WORK_BEFORE.test(before)) return 'strong';
  const place = PLACE_AFTER.exec(after);
  if (place && PLACES.has(place[1]!)) return 'strong';
  if (COMPOUND_AFTER.test(after)) return 'strong';
  if (cue && FROM_BEFORE.test(before) && TO_AFTER.test(after)) return 'strong';
  if (ACTOR_AFTER.test(after) && WORD_BEFORE.test(before)) return 'strong';
  if (insideLongerQuote(text, m.start, m.end)) return 'strong';
  if (cue && ROLE_BEFORE.test(before)) return 'strong';
  if (cue && PLAYS_BEFORE.test(before)) return 'weak';
  if (
    cue &&
    PLACE_BEFORE.test(before) &&
    !(block.marks ?? []).some((s) => !s.link && s.start <= m.start && s.end >= m.end)
  )
    return 'weak';

  if (oneWord) {
    const partnerAfter = PARTNER_AFTER.exec(after);
    if (partnerAfter && !covered(matches, m.end + partnerAfter[0].length - 1)) return 'weak';
    const partnerBefore = cue ? PARTNER_BEFORE.exec(before) : null;
    if (
      partnerBefore &&
      !covered(matches, m.start - partnerBefore[0].length + 1) &&
      !/^(?:And|But|Or)$/u.test(partnerBefore[1]!)
    )
      return 'weak';
    if (cue && POSSESSIVE_BEFORE.test(before)) return 'weak';
  }
  // Quotes around exactly the title set it off, inside a label or not.
  if (OPENING.has(text[m.start - 1] ?? '') && CLOSING.has(text[m.end] ?? '')) return null;
  if (insideLabel(text, block.marks ?? [], m.start, m.end, true)) return 'weak';
  const controls = block.controls ?? [];
  if (insideLabel(text, controls, m.start, m.end)) return 'weak';
  // A button, a menu entry or a navigation link that holds the one word.
  if (oneWord && controls.some((s) => s.start <= m.start && s.end >= m.end)) {
    const own = (block.marks ?? []).find((s) => s.link && s.start <= m.start && s.end >= m.end);
    const label = own ? text.slice(own.start, own.end) : text;
    if (wordsIn(label) === 1) return 'weak';
  }
  return null;
}

const YEAR_AFTER = /^[\s\u00a0]*(?:\(|\[|,)[\s\u00a0]*(?:1[89]|20)\d\d\b/u;
// The words that name a film as one, before the title ("the documentary Sunrise").
const FILM_WORDS = 'films?|movies?|documentary|documentaire';
const FILM_BEFORE = new RegExp(`\\b(?:${FILM_WORDS})[\\s\\u00a0]*[,:]?[\\s\\u00a0]*$`, 'u');
// FILM_BEFORE's own words, for `cued`: every title is tested, and the page pass's whole list
// (BEFORE_ENDS) read backwards from each was the pass's dearest expression while cold.
const FILM_ENDS = new RegExp(`(?<=${FILM_WORDS})`, 'iuy');
const FILM_AFTER = /^[\s\u00a0]*['’]?[\s\u00a0]*(?:film|movie|trailer|director|sequel|remake|box[\s\u00a0]+office)\b/u;
const PUNCT = /^[\s\u00a0"'“”‘’«»()[\],.:;!?]*$/u;

/**
 * Does the page name the film as a film here: set off by emphasis that is not a link, a year
 * after it, or a word for a film beside it?
 */
export function filmContext(block: TextBlock, m: TitleMatch): boolean {
  const { text } = block;
  const after = text.slice(m.end, m.end + 40);
  if (YEAR_AFTER.test(after) || FILM_AFTER.test(after)) return true;
  if (cued(text, m.start, 40, FILM_ENDS) && FILM_BEFORE.test(text.slice(Math.max(0, m.start - 40), m.start)))
    return true;
  return (block.marks ?? []).some(
    (s) =>
      !s.link &&
      s.start <= m.start &&
      s.end >= m.end &&
      PUNCT.test(text.slice(s.start, m.start)) &&
      PUNCT.test(text.slice(m.end, s.end)) &&
      // A mark that is the whole block is layout (a lone italic line), not a title set off.
      (s.start > 0 || s.end < text.trimEnd().length || LETTER.test(text.slice(0, s.start))),
  );
}
