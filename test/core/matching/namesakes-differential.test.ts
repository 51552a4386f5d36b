// namesake() and filmContext() run their rules on the words after a title only where those
// words start as one of the rules starts (AFTER_CUE), make their slices only for the titles
// that need them, and look for an opening quote from the block's first: the readings must be
// the ones the rules gave when every title ran every rule (namesakes-reference.ts), on texts
// built from the rules' own words, spaces, quotes and punctuation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TextBlock, TextSpan, TitleMatch } from '../../../src/core/matching/index.ts';
import { filmContext, namesake } from '../../../src/core/matching/namesakes.ts';
import * as reference from './namesakes-reference.ts';

const PIECES = [
  ' ',
  '  ',
  '\u00a0',
  ' \u00a0 ',
  ',',
  ', ',
  ':',
  '.',
  '(',
  ')',
  '[',
  ']',
  '-',
  '\u2010',
  '\u2011',
  '&',
  '/',
  "'",
  '’',
  '"',
  '“',
  '”',
  '‘',
  '«',
  '»',
  "'s",
  '’s',
  'TV',
  'television',
  'series',
  'mini-series',
  'miniseries',
  'séries',
  'season',
  'seasons',
  'saison',
  'episode',
  'épisodes',
  'sitcom',
  'showrunner',
  'creator',
  'on',
  'Broadway',
  'off-Broadway',
  'musical',
  'novel',
  'roman',
  'comic',
  'album',
  'song',
  'video',
  'game',
  'podcast',
  'and',
  'to',
  'from',
  'in',
  'born',
  'lives',
  'as',
  'plays',
  'played',
  'portrays',
  'his',
  'her',
  'the',
  'of',
  'film',
  'films',
  'movie',
  'trailer',
  'director',
  'sequel',
  'remake',
  'box',
  'office',
  'documentary',
  '1994',
  '2021',
  'Alabama',
  'Italy',
  'Russell',
  'Crowe',
  'Robin',
  'Ginger',
  'And',
  'he',
  'was',
  'grim',
  'seriesX',
  'TVs',
  'tomorrow',
  'andante',
  'filmic',
  'Sign',
  'Up',
];

const word = fc.constantFrom(...PIECES);
const phrase = fc.array(word, { maxLength: 14 }).map((ws) => ws.join(''));
const spaced = fc
  .array(fc.tuple(word, fc.constantFrom(' ', '', '\u00a0', '  ')), { maxLength: 14 })
  .map((ws) => ws.map(([w, s]) => w + s).join(''));
const side = fc.oneof(phrase, spaced);
const TITLES = ['Fargo', 'Noah', 'Batman', 'Selma', 'Gone Girl', 'Up'];

/** A block of `before` + title + `after` (+ a second title), its marks and controls drawn too. */
const blocks = fc
  .record({
    before: side,
    title: fc.constantFrom(...TITLES),
    after: side,
    second: fc.option(fc.tuple(fc.constantFrom(...TITLES), side), { nil: undefined }),
    mark: fc.constantFrom('none', 'title', 'link', 'wide-link'),
    control: fc.boolean(),
  })
  .map(({ before, title, after, second, mark, control }) => {
    const start = before.length;
    const end = start + title.length;
    let text = before + title + after;
    const matches: TitleMatch[] = [{ filmIds: ['a'], start, end, surface: title }];
    if (second) {
      const s = text.length + 1;
      text += ` ${second[0]}${second[1]}`;
      matches.push({ filmIds: ['b'], start: s, end: s + second[0].length, surface: second[0] });
    }
    const marks: TextSpan[] =
      mark === 'title'
        ? [{ start, end }]
        : mark === 'link'
          ? [{ start, end, link: true }]
          : mark === 'wide-link'
            ? [{ start: 0, end: Math.min(text.length, end + 4), link: true }]
            : [];
    const block: TextBlock = control ? { text, marks, controls: [{ start: 0, end: text.length }] } : { text, marks };
    return { block, matches };
  });

describe('the namesake rules, filtered by their first words', () => {
  it('read every title of random blocks as the unfiltered rules did', () => {
    fc.assert(
      fc.property(fc.array(blocks, { minLength: 1, maxLength: 4 }), (page) => {
        for (const { block, matches } of page)
          for (const m of matches) {
            expect(namesake(block, m, matches)).toBe(reference.namesake(block, m, matches));
            expect(filmContext(block, m)).toBe(reference.filmContext(block, m));
          }
      }),
      { numRuns: 3000 },
    );
  });

  it('reaches every rule: each reading, and a film context, in the random blocks', () => {
    // Positive control: the blocks above are not all read alike (a filter that let nothing
    // through would still agree with a reference that found nothing).
    const seen = new Set<string>();
    fc.assert(
      fc.property(blocks, ({ block, matches }) => {
        const m = matches[0]!;
        seen.add(String(reference.namesake(block, m, matches)));
        if (reference.filmContext(block, m)) seen.add('film');
      }),
      { numRuns: 3000, seed: 28 },
    );
    expect([...seen].sort()).toEqual(['film', 'null', 'strong', 'weak']);
  });

  it('keep each rule after the title, as written and cut at 80 characters', () => {
    const cases: Array<[string, string, string | null]> = [
      ['Fargo TV series', 'Fargo', 'strong'],
      ['Fargo\u00a0 (TV) was', 'Fargo', 'strong'],
      ["Fargo's season two", 'Fargo', 'strong'],
      ['Fargo, Legion and Noah creator', 'Fargo', 'strong'],
      ['Cabaret on  Broadway', 'Cabaret', 'strong'],
      ['Selma, Alabama, in', 'Selma', 'strong'],
      ['the Selma-to-Montgomery marches', 'Selma', 'strong'],
      ['from Selma to Montgomery', 'Selma', 'strong'],
      ['when Noah (Russell Crowe) recounts', 'Noah', 'strong'],
      ['Batman and Robin', 'Batman', 'weak'],
      // The rule's word past the 80 characters it reads: nothing.
      [`Fargo${' '.repeat(80)}series`, 'Fargo', null],
      ['Fargo seriesX', 'Fargo', null],
    ];
    for (const [text, title, want] of cases) {
      const start = text.indexOf(title);
      const m: TitleMatch = { filmIds: ['f'], start, end: start + title.length, surface: title };
      const block = { text, marks: [] };
      expect(namesake(block, m, [m]), text).toBe(want);
      expect(reference.namesake(block, m, [m]), text).toBe(want);
    }
  });
});
