import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/core/matching/matcher.ts';
import { matchInChunks, windowsOf } from '../../src/content/block-chunks.ts';
import { MAX_BLOCK_CHARS } from '../../src/messages/listings.ts';

const matcher = compileMatcher([
  { id: 'f/fugitive', title: 'Fugitive Pieces', aliases: [], year: null, directors: [] },
  { id: 'f/elah', title: 'In the Valley of Elah', aliases: [], year: null, directors: [] },
]);

describe('matching a long block in overlapping windows', () => {
  it('finds every title once, at its offsets in the whole block, wherever the cuts fall', () => {
    const filler = 'guests wandered from one room to the next without much to say ';
    const pieces: string[] = [];
    for (let i = 0; i < 400; i++) pieces.push(i % 7 === 0 ? 'then In the Valley of Elah screened. ' : filler);
    const text = pieces.join('');
    const whole = matcher.find({ text });
    for (const chunk of [300, 1_000, 2_048]) {
      const found = [...matchInChunks(matcher, { text }, chunk, 120)].flat();
      expect(found.map((m) => [m.start, m.end])).toEqual(whole.map((m) => [m.start, m.end]));
      for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.surface);
    }
  });

  it('yields one window per cut so the caller can pause between them', () => {
    const text = 'Fugitive Pieces and more words here. '.repeat(100);
    expect([...matchInChunks(matcher, { text }, 500, 100)].length).toBeGreaterThan(5);
    expect([...matchInChunks(matcher, { text: 'Fugitive Pieces' })]).toHaveLength(1);
  });

  it('carries the page emphasis into each window', () => {
    const before = 'x '.repeat(600);
    const text = `${before}the film Fugitive Pieces tonight`;
    const at = text.indexOf('Fugitive');
    const found = [...matchInChunks(matcher, { text, marks: [{ start: at, end: at + 15 }] }, 400, 100)].flat();
    expect(found.map((m) => m.surface)).toEqual(['Fugitive Pieces']);
    expect(found[0]?.start).toBe(at);
  });

  it('cuts no window longer than the worker accepts as one block, even where spaces are few', () => {
    // The first cut falls after the space at 7,800, the second window reaches back to the one
    // at 7,001 (nearly 800 characters before it), and no space lets the second cut fall early.
    const sparse = 'x'.repeat(7_001) + ' ' + 'x'.repeat(798) + ' ' + 'x'.repeat(30_000);
    const spaced = 'word '.repeat(10_000);
    const windows = [sparse, spaced, 'y'.repeat(40_000)].flatMap((text) => windowsOf({ text }));
    const longest = Math.max(...windows.map((w) => w.piece.text.length));
    expect(longest).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
    // Positive control: the sparse text does reach the longest window the cuts allow.
    expect(longest).toBe(MAX_BLOCK_CHARS - 1);
  });
});
