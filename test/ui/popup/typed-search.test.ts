import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typedSearch, TYPED_SEARCH_DELAY_MS } from '../../../src/ui/popup/typed-search.ts';

/** A search whose answers the test releases, in any order. */
function heldSearch() {
  const asked: Array<{ text: string; answer: (found: string[]) => void; fail: () => void }> = [];
  const search = (text: string) =>
    new Promise<string[]>((answer, fail) => asked.push({ text, answer, fail: () => fail(new Error('gone')) }));
  return { asked, search };
}

describe("the film picker's search as the user types", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('asks once for a word typed at speed, a moment after the last keystroke', async () => {
    const { asked, search } = heldSearch();
    const shown: string[][] = [];
    const typing = typedSearch(search, (found) => shown.push(found));
    for (const text of ['c', 'ca', 'caf']) {
      typing.typed(text);
      await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS / 2);
    }
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    expect(asked.map((a) => a.text)).toEqual(['caf']);
    asked[0]!.answer(['Café Society']);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([['Café Society']]);
  });

  it('never lets a late answer replace a newer one', async () => {
    const { asked, search } = heldSearch();
    const shown: string[][] = [];
    const typing = typedSearch(search, (found) => shown.push(found));
    typing.typed('ca');
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    typing.typed('caf');
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    expect(asked.map((a) => a.text)).toEqual(['ca', 'caf']);
    asked[1]!.answer(['Café Society']);
    await vi.advanceTimersByTimeAsync(0);
    asked[0]!.answer(['Café Society', 'Casablanca']);
    asked[0]!.fail();
    await vi.advanceTimersByTimeAsync(0);
    // Positive control: the newer answer was shown; the older, later one was not.
    expect(shown).toEqual([['Café Society']]);
  });

  it('shows nothing at once for an empty text, and nothing at all once stopped', async () => {
    const { asked, search } = heldSearch();
    const shown: string[][] = [];
    const typing = typedSearch(search, (found) => shown.push(found));
    typing.typed('ca');
    typing.typed(' ');
    expect(shown).toEqual([[]]);
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    expect(asked).toEqual([]);
    typing.typed('cas');
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    typing.stop();
    asked[0]!.answer(['Casablanca']);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([[]]);
  });

  it('shows an empty list when the search fails', async () => {
    const { asked, search } = heldSearch();
    const shown: string[][] = [];
    const typing = typedSearch(search, (found) => shown.push(found));
    typing.typed('ca');
    await vi.advanceTimersByTimeAsync(TYPED_SEARCH_DELAY_MS);
    asked[0]!.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([[]]);
  });
});
