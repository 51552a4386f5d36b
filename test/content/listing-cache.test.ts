import { describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('../../src/browser/send.ts', () => ({ send: (...args: unknown[]) => send(...args) }));
const { listingCache, PREFETCH_CHUNK } = await import('../../src/content/listing-cache.ts');

const listing = (key: string) => ({ film: { key }, events: [] });

describe('the listings a page fetched', () => {
  it("makes a second card of the same film wait for the first card's request, and asks once", async () => {
    let answer: (value: unknown) => void = () => undefined;
    send.mockReset();
    send.mockReturnValueOnce(new Promise((done) => (answer = done)));
    const cache = listingCache();
    const first = cache.get(['default/a']);
    const second = cache.get(['default/a']);
    answer({ listings: [listing('default/a')], festivals: [] });
    expect((await first).listings.map((l) => l.film.key)).toEqual(['default/a']);
    expect((await second).listings.map((l) => l.film.key)).toEqual(['default/a']);
    expect(send).toHaveBeenCalledTimes(1);
    // Answered: a third card asks nothing. Positive control: a film never asked for is asked for.
    await cache.get(['default/a']);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockResolvedValueOnce({ listings: [listing('default/c')], festivals: [] });
    expect((await cache.get(['default/c'])).listings).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('hands a failed request to the card that waited for it, and asks again next time', async () => {
    send.mockReset();
    let fail: (error: Error) => void = () => undefined;
    send.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const cache = listingCache();
    const card = cache.get(['default/a']);
    const again = cache.get(['default/a']);
    fail(new Error('no worker'));
    await expect(card).rejects.toThrow('no worker');
    await expect(again).rejects.toThrow('no worker');
    send.mockResolvedValueOnce({ listings: [listing('default/a')], festivals: [] });
    expect((await cache.get(['default/a'])).listings).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(2);
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
    // A card of a film in the chunk on its way asks for it alone too, and has it before the chunk.
    const inFlight = cache.get([ids[3] as string]);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls[2]?.[1]).toEqual({ filmKeys: [ids[3]] });
    answers[2]?.();
    expect((await inFlight).listings.map((l) => l.film.key)).toEqual([ids[3]]);
    answers[0]?.();
    // The next chunk leaves only once the one before is answered.
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(4));
    expect(send.mock.calls[3]?.[1]).toEqual({ filmKeys: ids.slice(PREFETCH_CHUNK, PREFETCH_CHUNK * 2) });
    answers[3]?.();
    // The last chunk leaves out the film the card fetched.
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(5));
    expect(send.mock.calls[4]?.[1]).toEqual({ filmKeys: ids.slice(PREFETCH_CHUNK * 2, -1) });
    answers[4]?.();
    await prefetch;
    expect((await cache.get(ids)).listings).toHaveLength(ids.length);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('answers a card whose film is in the chunk on its way by its own request, not after the chunk', async () => {
    send.mockReset();
    const answers: Array<() => void> = [];
    send.mockImplementation((_type: string, { filmKeys }: { filmKeys: string[] }) => {
      return new Promise((done) => answers.push(() => done({ listings: filmKeys.map(listing), festivals: [] })));
    });
    const ids = Array.from({ length: PREFETCH_CHUNK }, (_, i) => `default/f${i}`);
    const cache = listingCache();
    const order: string[] = [];
    const prefetch = cache.prefetch(ids).then(() => order.push('chunk'));
    const card = cache.get([ids[0] as string]).then(() => order.push('card'));
    // The card's own request answers first: the card does not wait for the chunk.
    answers[1]?.();
    await card;
    expect(order).toEqual(['card']);
    answers[0]?.();
    await prefetch;
    expect(order).toEqual(['card', 'chunk']);
    // Control: a card opened once the chunk answered asks nothing.
    await cache.get([ids[5] as string]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("asks no further chunk while held, yet asks a card's film at once, and goes on when let go", async () => {
    send.mockReset();
    const answers: Array<() => void> = [];
    send.mockImplementation((_type: string, { filmKeys }: { filmKeys: string[] }) => {
      return new Promise((done) => answers.push(() => done({ listings: filmKeys.map(listing), festivals: [] })));
    });
    const ids = Array.from({ length: PREFETCH_CHUNK * 2 }, (_, i) => `default/f${i}`);
    const cache = listingCache();
    const prefetch = cache.prefetch(ids);
    expect(send).toHaveBeenCalledTimes(1);
    // The pointer rests on a title: the chunk on its way is answered, the next is not asked.
    cache.hold(true);
    const card = cache.get([ids.at(-1) as string]);
    expect(send).toHaveBeenCalledTimes(2);
    answers[0]?.();
    answers[1]?.();
    await card;
    await new Promise((done) => setTimeout(done, 0));
    expect(send).toHaveBeenCalledTimes(2);
    // Control: let go, the next chunk leaves (without the card's film).
    cache.hold(false);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(send.mock.calls[2]?.[1]).toEqual({ filmKeys: ids.slice(PREFETCH_CHUNK, -1) });
    answers[2]?.();
    await prefetch;
    expect((await cache.get(ids)).listings).toHaveLength(ids.length);
  });
});
