import { describe, expect, it } from 'vitest';
import { defaultFeedOnce } from '../../src/background/default-feed-once.ts';

/** Steps whose loads are counted and end when the test lets them. */
function steps(missing: boolean, failures = 0) {
  const log: string[] = [];
  const pending: Array<() => void> = [];
  let loads = 0;
  const ensure = defaultFeedOnce({
    needs: async () => {
      log.push('needs');
      return missing;
    },
    load: () => {
      const n = ++loads;
      log.push(`load ${n} start`);
      return new Promise<void>((done, fail) =>
        pending.push(() => {
          log.push(`load ${n} end`);
          if (n <= failures) fail(new Error('storage unavailable'));
          else done();
        }),
      );
    },
    onError: (error) => log.push(`error ${(error as Error).message}`),
  });
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      await Promise.resolve();
      pending.splice(0).forEach((end) => end());
    }
  };
  return { ensure, log, settle };
}

describe('the default feed, once per worker life', () => {
  it('is checked once and not written when nothing is missing', async () => {
    const { ensure, log } = steps(false);
    const first = ensure();
    expect(ensure()).toBe(first);
    await first;
    await ensure();
    expect(log).toEqual(['needs']);
  });

  it('when missing, is loaded once however many ask', async () => {
    const { ensure, log, settle } = steps(true);
    const asked = [ensure(), ensure()];
    await settle();
    await Promise.all(asked);
    expect(log).toEqual(['needs', 'load 1 start', 'load 1 end']);
  });

  it('forced (install, update) during a load under way, loads again after it, not beside it', async () => {
    const { ensure, log, settle } = steps(true);
    const early = ensure();
    const forced = ensure(true);
    // A later request waits for the forced load.
    expect(ensure()).toBe(forced);
    await settle();
    await Promise.all([early, forced]);
    expect(log).toEqual(['needs', 'load 1 start', 'load 1 end', 'load 2 start', 'load 2 end']);
  });

  it('forced with nothing missing, still loads (the release may bring new listings)', async () => {
    const { ensure, log, settle } = steps(false);
    const forced = ensure(true);
    await settle();
    await forced;
    expect(log).toEqual(['load 1 start', 'load 1 end']);
  });

  it('failed, is logged and tried again by the next call', async () => {
    const { ensure, log, settle } = steps(true, 1);
    const first = ensure();
    await settle();
    await first;
    expect(log).toEqual(['needs', 'load 1 start', 'load 1 end', 'error storage unavailable']);
    const second = ensure();
    expect(second).not.toBe(first);
    await settle();
    await second;
    expect(log.slice(4)).toEqual(['needs', 'load 2 start', 'load 2 end']);
  });
});
