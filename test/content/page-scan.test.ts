// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/core/matching/matcher.ts';
import type { TextBlock } from '../../src/core/matching/index.ts';
import { firstText } from '../../src/content/first-text.ts';
import {
  BATCH_BLOCKS,
  BATCH_CHARS,
  FIRST_BATCH_CHARS,
  scanPage,
  type FindTitles,
  type FoundTitle,
} from '../../src/content/page-scan.ts';
import { Slicer } from '../../src/content/slices.ts';

const matcher = compileMatcher([
  { id: 'f/fugitive', title: 'Fugitive Pieces', aliases: [], year: null, directors: [] },
  { id: 'f/crash', title: 'Crash', aliases: [], year: null, directors: [] },
]);

/** The real matcher behind the batch interface, recording what each batch carried. */
function recording(): { find: FindTitles; batches: TextBlock[][] } {
  const batches: TextBlock[][] = [];
  return {
    batches,
    find: async (blocks) => {
      batches.push(blocks);
      return blocks.map((block) => matcher.find(block));
    },
  };
}

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('scanning a page through the batch matcher', () => {
  it('finds every title once, in document order, with ranges over the page text', async () => {
    const filler = 'guests wandered from one room to the next without much to say. ';
    document.body.innerHTML = Array.from(
      { length: 300 },
      (_, i) => `<p>${filler.repeat(3)}${i % 50 === 0 ? 'We saw <i>Crash</i> and Fugitive Pieces.' : ''}</p>`,
    ).join('');
    const { find, batches } = recording();
    const found: FoundTitle[] = [];
    const count = await scanPage(document.body, find, new Slicer(new AbortController().signal), {
      found: (titles) => found.push(...titles),
    });
    expect(count).toBe(12);
    expect(found.map((t) => t.range.toString())).toEqual(Array(6).fill(['Crash', 'Fugitive Pieces']).flat());
    // The first batch is small (the first underline comes early), the next ones larger.
    const size = (b: TextBlock[]) => b.reduce((n, x) => n + x.text.length, 0);
    expect(size(batches[0]!)).toBeLessThan(FIRST_BATCH_CHARS + 1_000);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((b) => size(b) < BATCH_CHARS + 8_000 && b.length <= BATCH_BLOCKS)).toBe(true);
    // Only text and marks cross to the background, never the page's nodes.
    expect(Object.keys(batches[0]![0]!).sort()).toEqual(['marks', 'text']);
  });

  it('writes the first batch’s titles without a pause, and later batches’ in slices', async () => {
    // Two batches, each opening with a block without a title; a slicer whose slices are always
    // used up, as after the idle wait for a woken worker's first answer.
    const filler = (n: number) => 'guests wandered from one room to the next. '.repeat(n);
    document.body.innerHTML = [filler(5), `We saw Crash. ${filler(95)}`, filler(5), 'Fugitive Pieces.']
      .map((text) => `<p>${text}</p>`)
      .join('');
    const events: string[] = [];
    const answers: Array<() => void> = [];
    const find: FindTitles = (blocks) =>
      new Promise((done) => answers.push(() => (events.push('answer'), done(blocks.map((b) => matcher.find(b))))));
    const slicer = new Slicer(new AbortController().signal, 0);
    const pause = slicer.pause.bind(slicer);
    slicer.pause = () => (events.push('pause'), pause());
    const scanning = scanPage(document.body, find, slicer, {
      found: (titles) => events.push(...titles.map((t) => `found ${t.range.toString()}`)),
    });
    // Both batches asked: the walk has ended and pauses no more.
    while (answers.length < 2) await settle(0);
    events.length = 0;
    answers[0]!();
    await settle(20);
    answers[1]!();
    expect(await scanning).toBe(2);
    expect(events).toEqual(['answer', 'found Crash', 'answer', 'pause', 'found Fugitive Pieces', 'pause']);
  });

  it('asks nothing of a page without text, and asks once text is there', async () => {
    document.body.innerHTML = '<div><img alt=""><script>var x = "Crash";</script></div>';
    const { find, batches } = recording();
    const empty = await scanPage(document.body, find, new Slicer(new AbortController().signal), { found: () => {} });
    expect(empty).toBe(0);
    expect(batches).toEqual([]);
    // Positive control: the same page with a paragraph is asked about.
    document.body.insertAdjacentHTML('beforeend', '<p>Fugitive Pieces</p>');
    expect(await scanPage(document.body, find, new Slicer(new AbortController().signal), { found: () => {} })).toBe(1);
    expect(batches).toHaveLength(1);
  });
});

describe('waiting for a frame’s first text', () => {
  it('resolves at once when there is text, and only once text arrives otherwise', async () => {
    document.body.innerHTML = '<p>Some words</p>';
    await expect(firstText(document, new AbortController().signal)).resolves.toBeUndefined();

    document.body.innerHTML = '<div></div>';
    let arrived = false;
    const waiting = firstText(document, new AbortController().signal).then(() => (arrived = true));
    document.body.querySelector('div')!.append(document.createElement('span'));
    await settle(400);
    expect(arrived).toBe(false);
    document.body.querySelector('span')!.textContent = 'Fugitive Pieces tonight';
    await waiting;
    expect(arrived).toBe(true);
  });

  it('gives up when the content script is stopped', async () => {
    document.body.innerHTML = '';
    const stop = new AbortController();
    const waiting = firstText(document, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });

  it("makes a title's range only when it is asked for, over the text nodes the title covers", async () => {
    document.body.innerHTML = '<p>We saw <i>Crash</i> and Fugi<b>tive</b> Pieces.</p>';
    const { find } = recording();
    const found: FoundTitle[] = [];
    let made = 0;
    const createRange = document.createRange.bind(document);
    document.createRange = () => (made++, createRange());
    try {
      await scanPage(document.body, find, new Slicer(new AbortController().signal), {
        found: (titles) => found.push(...titles),
      });
      // Found, with their nodes and anchors, and not one live range yet.
      expect(found.map((t) => t.nodes.map((n) => n.data))).toEqual([['Crash'], [' and Fugi', 'tive', ' Pieces.']]);
      expect(found.map((t) => t.anchor.localName)).toEqual(['i', 'p']);
      expect(made).toBe(0);
      // Positive control: asked for, the range covers the title, and is the same range next time.
      const pieces = found[1]!;
      expect(pieces.range.toString()).toBe('Fugitive Pieces');
      expect(pieces.range).toBe(pieces.range);
      expect(made).toBe(1);
    } finally {
      document.createRange = createRange;
    }
  });
});
