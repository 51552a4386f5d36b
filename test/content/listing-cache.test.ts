import { describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('../../src/browser/send.ts', () => ({ send: (...args: unknown[]) => send(...args) }));
const { listingCache, PREFETCH_CHUNK } = await import('../../src/content/listing-cache.ts');

const listing = (key: string) => ({ film: { key }, events: [] });

describe('the listings a page fetched', () => {
  it('makes a card opened while the prefetch is on its way wait for it, and asks once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    send.mockReset();
    send.mockReturnValueOnce(new Promise((done) => (answer = done)));
    const cache = listingCache();
    const prefetch = cache.prefetch(['default/a', 'default/b']);
    const card = cache.get(['default/a']);
    answer({ listings: [listing('default/a'), listing('default/b')], festivals: [] });
    await prefetch;
    expect((await card).listings.map((l) => l.film.key)).toEqual(['default/a']);
    expect(send).toHaveBeenCalledTimes(1);
    // Positive control: a film never asked for is asked for.
    send.mockResolvedValueOnce({ listings: [listing('default/c')], festivals: [] });
    expect((await cache.get(['default/c'])).listings).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('hands a failed request to the card that waited for it, and asks again next time', async () => {
    send.mockReset();
    send.mockRejectedValueOnce(new Error('no worker'));
    const cache = listingCache();
    const prefetch = cache.prefetch(['default/a']).catch((error: Error) => error.message);
    await expect(cache.get(['default/a'])).rejects.toThrow('no worker');
    expect(await prefetch).toBe('no worker');
    send.mockResolvedValueOnce({ listings: [listing('default/a')], festivals: [] });
    expect((await cache.get(['default/a'])).listings).toHaveLength(1);
  });

  it('prefetches a chunk at a time, nearest first, and a card of a film not asked yet asks for it alone at once', async () => {
    send.mockReset();
    const answers: Array<() => void> = [];
    send.mockImplementation((_type: string, { filmKeys }: { filmKeys: string[] }) => {
      return new Promise((done) => answers.push(() => done({ listings: filmKeys.map(listing), festivals: [] })));
    });
    const ids = Array.from({ length: PREFETCH_CHUNK * 2 + 5 }, (_, i) => `default/f${i}`);
    const cache = listingCache();
    const prefetch = cache.prefetch(ids);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[1]).toEqual({ filmKeys: ids.slice(0, PREFETCH_CHUNK) });
    // The pointer rests on a title whose film the prefetch reaches last: asked alone, not behind it.
    const last = ids.at(-1) as string;
    const card = cache.get([last]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[1]).toEqual({ filmKeys: [last] });
    answers[1]?.();
    expect((await card).listings.map((l) => l.film.key)).toEqual([last]);
    // A card of a film in the chunk on its way waits for that chunk and asks nothing more.
    const inFlight = cache.get([ids[3] as string]);
    expect(send).toHaveBeenCalledTimes(2);
    answers[0]?.();
    expect((await inFlight).listings).toHaveLength(1);
    // The next chunk leaves only once the one before is answered.
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(send.mock.calls[2]?.[1]).toEqual({ filmKeys: ids.slice(PREFETCH_CHUNK, PREFETCH_CHUNK * 2) });
    answers[2]?.();
    // The last chunk leaves out the film the card fetched.
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(4));
    expect(send.mock.calls[3]?.[1]).toEqual({ filmKeys: ids.slice(PREFETCH_CHUNK * 2, -1) });
    answers[3]?.();
    await prefetch;
    expect((await cache.get(ids)).listings).toHaveLength(ids.length);
    expect(send).toHaveBeenCalledTimes(4);
  });
});
