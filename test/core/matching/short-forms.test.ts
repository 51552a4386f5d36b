import { describe, expect, it } from 'vitest';
import { compileMatcher, shortFormsOf, type TextBlock, type TitleMatch } from '../../../src/core/matching/index.ts';

const films = [
  { id: 'slumdog', title: 'Slumdog Millionaire', aliases: [], year: 2008, directors: ['Danny Boyle'] },
  { id: 'triangle', title: 'Triangle of Sadness', aliases: [], year: 2022, directors: ['Ruben Östlund'] },
  { id: 'detroit', title: 'Detroit Metal City', aliases: [], year: 2008, directors: [] },
  { id: 'detroit-2017', title: 'Detroit Rock', aliases: [], year: 2017, directors: [] },
  { id: 'wrestler', title: 'The Wrestler', aliases: [], year: 2008, directors: [] },
  { id: 'before-sunrise', title: 'Before Sunrise', aliases: [], year: 1995, directors: [] },
];
const matcher = compileMatcher(films);

/** The short forms the pass adds to a page of blocks, as [film, surface, block index]. */
function shorts(page: Array<string | TextBlock>): Array<[string, string, number]> {
  const blocks = page.map((b) => (typeof b === 'string' ? { text: b } : b));
  const matches = blocks.map((b) => matcher.find(b));
  return shortFormsOf(blocks, matches).flatMap((list, i) =>
    list.map((m): [string, string, number] => {
      expect(blocks[i]!.text.slice(m.start, m.end)).toBe(m.surface);
      return [m.filmIds.join('+'), m.surface, i];
    }),
  );
}

describe('short forms of titles named earlier on the page', () => {
  it('finds a distinctive first word in a later block, capitalised mid-sentence', () => {
    expect(
      shorts(["Danny Boyle's Slumdog Millionaire opened the festival.", 'The Slumdog crowd went to the Drake.']),
    ).toEqual([['slumdog', 'Slumdog', 1]]);
  });

  it('finds nothing before the full title is named, and finds it after, in the same block', () => {
    expect(shorts(['The Slumdog crowd went to the Drake.', 'Slumdog Millionaire won.'])).toEqual([]);
    expect(shorts(['Slumdog Millionaire won, and the Slumdog crowd cheered.'])).toEqual([['slumdog', 'Slumdog', 0]]);
  });

  it('keeps an everyday first word in prose unmatched, and matches it in title case mid-sentence', () => {
    const named = 'The Triangle of Sadness party on the beach was loud.';
    expect(shorts([named, 'Draw a triangle on the map to find the beach.'])).toEqual([]);
    expect(shorts([named, 'The Triangle crowd stayed until the sprinklers came on.'])).toEqual([
      ['triangle', 'Triangle', 1],
    ]);
  });

  it('needs more than capitals at the start of a sentence, and takes emphasis or quotes there', () => {
    const named = 'Triangle of Sadness won the Palme.';
    expect(shorts([named, 'Triangle was everywhere that week.'])).toEqual([]);
    expect(shorts([named, { text: 'Triangle was everywhere that week.', marks: [{ start: 0, end: 8 }] }])).toEqual([
      ['triangle', 'Triangle', 1],
    ]);
    expect(shorts([named, '“Triangle” was everywhere that week.'])).toEqual([['triangle', 'Triangle', 1]]);
  });

  it('takes a link holding the word alone as emphasis, and not a link over the whole line', () => {
    const named = 'Triangle of Sadness won the Palme.';
    const line = 'Triangle was everywhere that week in Cannes.';
    expect(shorts([named, { text: line, marks: [{ start: 0, end: line.length, link: true }] }])).toEqual([]);
    expect(shorts([named, { text: line, marks: [{ start: 0, end: 8, link: true }] }])).toEqual([
      ['triangle', 'Triangle', 1],
    ]);
  });

  it('reads no capitals in a headline in title case, and does mid-sentence in prose', () => {
    const named = 'Triangle of Sadness won the Palme.';
    expect(shorts([named, 'Why The Triangle Party Ended At Dawn'])).toEqual([]);
    expect(shorts([named, 'Why the Triangle party ended at dawn'])).toEqual([['triangle', 'Triangle', 1]]);
  });

  it('leaves the first word followed by another capitalised word, part of a longer name', () => {
    const named = 'Triangle of Sadness won the Palme.';
    expect(shorts([named, 'We walked past the Triangle Shirtwaist memorial.'])).toEqual([]);
    expect(shorts([named, 'We walked past the Triangle memorial.'])).toEqual([['triangle', 'Triangle', 1]]);
  });

  it('leaves a first word that ends its block: the title broken by a line, not shortened', () => {
    const named = 'Slumdog Millionaire reception';
    expect(shorts([named, "Fox Searchlight's reception for Slumdog", 'Millionaire is at the Drake.'])).toEqual([]);
    expect(shorts([named, "Fox Searchlight's reception for Slumdog is at the Drake."])).toEqual([
      ['slumdog', 'Slumdog', 1],
    ]);
  });

  it('leaves a first word two films named on the page share, and takes it when one film is named', () => {
    const one = 'Detroit Metal City screens at midnight.';
    const later = 'The Detroit fans brought earplugs.';
    expect(shorts([one, 'Detroit Rock screens at nine.', later])).toEqual([]);
    expect(shorts([one, later])).toEqual([['detroit', 'Detroit', 1]]);
  });

  it('leaves a first word the page used on its own before naming the title (a city, a person)', () => {
    const later = 'The Detroit fans brought earplugs.';
    expect(shorts(['Detroit has a new venue.', 'Detroit Metal City screens there.', later])).toEqual([]);
    expect(shorts(['In Detroit, Detroit Metal City sold out; the Detroit fans cheered.'])).toEqual([]);
    // In lower case it was no name of its own.
    expect(shorts(['A detroit-style pizza.', 'Detroit Metal City screens there.', later])).toEqual([
      ['detroit', 'Detroit', 2],
    ]);
  });

  it('offers no short form for an article or a word of grammar, and one for a title opening with a name', () => {
    expect(shorts(['The Wrestler opened the night.', 'Then the The crowd left.'])).toEqual([]);
    expect(shorts(['Before Sunrise opened the night.', 'Then the Before crowd left.'])).toEqual([]);
    expect(shorts(['The Wrestler opened the night.', 'Slumdog Millionaire closed it.', 'the Slumdog party'])).toEqual([
      ['slumdog', 'Slumdog', 2],
    ]);
  });

  it('never overlaps what the matcher found, and skips lower case and capitals', () => {
    const found = shorts([
      'Slumdog Millionaire opened.',
      'Then Slumdog Millionaire again, a slumdog joke, the SLUMDOG banner, and the Slumdog party.',
    ]);
    expect(found).toEqual([['slumdog', 'Slumdog', 1]]);
  });

  it('reads a misspelt full title the matcher accepted as naming the film', () => {
    const page: TextBlock[] = [{ text: 'The Triangle of Sadnes party.' }, { text: 'The Triangle crowd stayed.' }];
    const named: TitleMatch = { filmIds: ['triangle'], start: 4, end: 22, surface: 'Triangle of Sadnes' };
    expect(shortFormsOf(page, [[named], []])).toEqual([
      [],
      [{ filmIds: ['triangle'], start: 4, end: 12, surface: 'Triangle' }],
    ]);
  });

  it('leaves a first word after a first name, and finds it after a sentence’s first word', () => {
    expect(
      shorts(["Danny Boyle's Slumdog Millionaire opened.", 'The story follows teacher Anil Slumdog at home.']),
    ).toEqual([]);
    expect(shorts(["Danny Boyle's Slumdog Millionaire opened.", 'Then The Slumdog crowd went on.'])).toEqual([]);
    expect(shorts(["Danny Boyle's Slumdog Millionaire opened.", 'Late. The Slumdog crowd went on.'])).toEqual([
      ['slumdog', 'Slumdog', 1],
    ]);
  });
});
