// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/core/matching/matcher.ts';
import { scanPage, type FindTitles, type FoundTitle } from '../../src/content/page-scan.ts';
import { withShortForms } from '../../src/content/short-form-find.ts';
import { Slicer } from '../../src/content/slices.ts';

const matcher = compileMatcher([
  { id: 'f/slumdog', title: 'Slumdog Millionaire', aliases: [], year: 2008, directors: [] },
  { id: 'f/triangle', title: 'Triangle of Sadness', aliases: [], year: 2022, directors: [] },
]);

/** The real matcher behind the batch interface; each answer comes back after `delay(batch)` ms. */
function answering(delay: (batch: number) => number): FindTitles {
  let asked = 0;
  return (blocks) => {
    const wait = delay(asked++);
    return new Promise((done) => setTimeout(() => done(blocks.map((b) => matcher.find(b))), wait));
  };
}

async function scan(html: string, find: FindTitles): Promise<string[]> {
  document.body.innerHTML = html;
  const found: FoundTitle[] = [];
  await scanPage(document.body, find, new Slicer(new AbortController().signal), {
    found: (titles) => found.push(...titles),
  });
  return found.map((t) => `${t.filmIds.join('+')}: ${t.range.toString()}`);
}

// Long enough that the page goes to the matcher in several batches.
const filler = `<p>${'Guests wandered from one room to the next without much to say. '.repeat(80)}</p>`;
const page = [
  '<p>Danny Boyle’s Slumdog Millionaire opened the night.</p>',
  filler,
  '<p>The Slumdog crowd went to the Drake; someone drew a triangle on a napkin.</p>',
  '<p>Triangle of Sadness closed it.</p>',
  filler,
  '<p>The Triangle crowd stayed until the sprinklers came on.</p>',
].join('');

describe('shortened titles in the content script’s scan', () => {
  it('underlines a first word after its whole title, even when later batches are answered first', async () => {
    const expected = [
      'f/slumdog: Slumdog Millionaire',
      'f/slumdog: Slumdog',
      'f/triangle: Triangle of Sadness',
      'f/triangle: Triangle',
    ];
    expect(await scan(page, withShortForms(answering(() => 0)))).toEqual(expected);
    // The first answer arrives last: the pass still reads the page in order.
    let batches = 0;
    const late = answering((batch) => ((batches = batch + 1), batch === 0 ? 30 : 0));
    expect(await scan(page, withShortForms(late))).toEqual(expected);
    expect(batches).toBeGreaterThan(1);
  });

  it('shares the scan’s slices in every batch but the first, and reads the same', async () => {
    // A slicer whose slices are always used up, counting its pauses.
    const counting = () => {
      const slicer = new Slicer(new AbortController().signal, 0);
      const pause = slicer.pause.bind(slicer);
      const counted = { slicer, pauses: 0 };
      slicer.pause = () => (counted.pauses++, pause());
      return counted;
    };
    const shared = counting();
    expect(
      await scan(
        page,
        withShortForms(
          answering(() => 0),
          shared.slicer,
        ),
      ),
    ).toEqual([
      'f/slumdog: Slumdog Millionaire',
      'f/slumdog: Slumdog',
      'f/triangle: Triangle of Sadness',
      'f/triangle: Triangle',
    ]);
    expect(shared.pauses).toBeGreaterThan(0);
    // The first batch is read at once, whatever the slices: its titles are the first underline.
    const first = counting();
    const blocks = [{ text: 'Slumdog Millionaire opened.' }, { text: 'The Slumdog crowd stayed.' }];
    const answer = await withShortForms(
      answering(() => 0),
      first.slicer,
    )(blocks);
    expect(answer.map((list) => list.map((m) => m.surface))).toEqual([['Slumdog Millionaire'], ['Slumdog']]);
    expect(first.pauses).toBe(0);
  });

  it('finds no first word alone without the pass, and none before the whole title', async () => {
    expect(
      await scan(
        page,
        answering(() => 0),
      ),
    ).toEqual(['f/slumdog: Slumdog Millionaire', 'f/triangle: Triangle of Sadness']);
    const before = '<p>The Slumdog crowd went to the Drake.</p><p>Slumdog Millionaire won.</p>';
    expect(await scan(before, withShortForms(answering(() => 0)))).toEqual(['f/slumdog: Slumdog Millionaire']);
  });
});
