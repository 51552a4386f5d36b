import { describe, expect, it, vi } from 'vitest';

const send = vi.fn();
vi.mock('../../src/browser/send.ts', () => ({ send: (...args: unknown[]) => send(...args) }));
const { listingCache } = await import('../../src/content/listing-cache.ts');

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
});
