// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileMatcher } from '../../src/core/matching/matcher.ts';
import { PageReader } from '../../src/core/matching/index.ts';
import { LATE_MS, warmFirstUnderline, warmSample, whileLate } from '../../src/content/late-warm.ts';
import { scanPage, type FindTitles, type FoundTitle } from '../../src/content/page-scan.ts';
import { withShortForms } from '../../src/content/short-form-find.ts';
import { Slicer } from '../../src/content/slices.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whileLate: warming while a waking worker keeps the page waiting', () => {
  it('warms once the answer is LATE_MS late, and never when it came sooner or failed', async () => {
    vi.useFakeTimers();
    const warmed: string[] = [];
    const never = new Promise(() => undefined);
    whileLate(never, () => warmed.push('late'));
    const answered = Promise.resolve('answers');
    whileLate(answered, () => warmed.push('answered'));
    const failed = Promise.reject(new Error('run stopped'));
    whileLate(failed, () => warmed.push('failed'));
    await Promise.resolve();
    vi.advanceTimersByTime(LATE_MS - 1);
    expect(warmed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(warmed).toEqual(['late']);
    vi.advanceTimersByTime(10 * LATE_MS);
    expect(warmed).toEqual(['late']);
  });
});

describe('warmFirstUnderline', () => {
  it('runs the page pass over a sample whose titles it keeps (its whole common path)', () => {
    const { block, found } = warmSample();
    expect(found.map((m) => block.text.slice(m.start, m.end))).toEqual(['Warm Film', 'Warm Film']);
    expect(new PageReader().next(block, found)).toHaveLength(2);
  });

  it('keeps nothing: the page scanned after it finds what it finds without it', async () => {
    const made: string[] = [];
    vi.stubGlobal(
      'Highlight',
      class {
        constructor() {
          made.push('highlight');
        }
      },
    );
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        disconnect = () => made.push('observer disconnected');
      },
    );
    const matcher = compileMatcher([
      { id: 'f/warm', title: 'Warm Film', aliases: [], year: null, directors: [] },
      { id: 'f/slumdog', title: 'Slumdog Millionaire', aliases: [], year: 2008, directors: [] },
    ]);
    const find: FindTitles = async (blocks) => blocks.map((b) => matcher.find(b));
    // "Warm" alone is a short form only on a page that named Warm Film: the sample's naming stays out.
    const page =
      '<p>Slumdog Millionaire opened the night.</p><p>The Slumdog crowd stayed.</p><p>The Warm crowd stayed too.</p>';
    const scan = async (html = page) => {
      document.body.innerHTML = html;
      const found: FoundTitle[] = [];
      await scanPage(document.body, withShortForms(find), new Slicer(new AbortController().signal), {
        found: (titles) => found.push(...titles),
      });
      return found.map((t) => `${t.filmIds.join('+')}: ${t.range.toString()}`);
    };
    const before = await scan();
    expect(before).toEqual(['f/slumdog: Slumdog Millionaire', 'f/slumdog: Slumdog']);
    warmFirstUnderline(document);
    expect(made).toEqual(['highlight', 'observer disconnected']);
    expect(await scan()).toEqual(before);
    // Control: named on the page itself, the short form is found.
    expect(await scan(`<p>Warm Film opened.</p>${page}`)).toEqual([
      'f/warm: Warm Film',
      'f/slumdog: Slumdog Millionaire',
      'f/slumdog: Slumdog',
      'f/warm: Warm',
    ]);
  });
});
