// A stopped worker woken by a page reads the matcher it stored instead of compiling one
// (issue 28): the page is underlined, and the woken worker's own timeline holds the mark of
// the matcher read back and none of a build. Stopped through CDP (ServiceWorker.stopWorker,
// woken-worker.ts), as the browser stops an MV3 worker idle for 30 s.
import { describe, expect, it } from 'vitest';
import { wokenWorkerForFile } from './woken-worker.ts';

const worker = wokenWorkerForFile();

/** The woken worker's `afterparty:matcher-*` marks. */
const matcherMarks = async (): Promise<string[]> =>
  (await worker.entries()).map((e) => e.name).filter((n) => n.startsWith('afterparty:matcher-'));

/** The size of a file of the worker's private file system (the stored matcher's); 0 when there is none. */
const storedFileBytes = async (name = 'matcher-index.bin'): Promise<number> => {
  const [running] = [...worker.harness.context.serviceWorkers()].reverse();
  return running!.evaluate(async (name) => {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle(name).catch(() => null);
    return handle ? (await handle.getFile()).size : 0;
  }, name);
};

describe('a stopped worker', () => {
  it('underlines a page with the matcher it stored, without compiling one', async () => {
    // Positive control: the first page after install has the worker build its matcher, then store it.
    expect(await worker.underlined()).toBe(2);
    await worker.until('the matcher to be stored', async () =>
      (await matcherMarks()).includes('afterparty:matcher-stored'),
    );
    expect(await matcherMarks()).toContain('afterparty:matcher-compiled');
    // Kept as a file of the extension's private file system (index-file.ts), not in the database.
    expect(await storedFileBytes()).toBeGreaterThan(1_000);

    await worker.stop();

    expect(await worker.underlined()).toBe(2);
    const marks = await matcherMarks();
    expect(marks).toContain('afterparty:matcher-loaded');
    expect(marks).not.toContain('afterparty:matcher-compiled');
    // A mark's detail in the newest worker (the woken one).
    const markDetail = (name: string) =>
      [...worker.harness.context.serviceWorkers()]
        .reverse()[0]!
        .evaluate(
          (mark) => (performance.getEntriesByName(mark)[0] as PerformanceMark | undefined)?.detail as unknown,
          name,
        );
    const loaded = await markDetail('afterparty:matcher-loaded');
    expect(loaded).toMatchObject({ where: 'file' });
    // Read by need: the wake read the index's file whole (the tree alone), and the warm-up's
    // sample, the packed bytes' tail, from its own file after it.
    await worker.until('the warm-up’s sample to be read', async () =>
      (await matcherMarks()).includes('afterparty:matcher-sample'),
    );
    const sample = await markDetail('afterparty:matcher-sample');
    expect((sample as { bytes: number }).bytes).toBeGreaterThan(100);
    expect((loaded as { bytes: number }).bytes).toBe(await storedFileBytes());
    expect((sample as { bytes: number }).bytes).toBe(await storedFileBytes('matcher-sample.bin'));
  });
});
