// A large feed's sync is staged in chunks; the service worker is stopped (CDP
// ServiceWorker.stopWorker) in the middle of one, and the previous listings must be found whole,
// then the next sync must resume the job and show the new version.
//
// "In the middle" is made deterministic, not timing-lucky: a second extension page (same origin,
// same IndexedDB) polls the `stageJobs` row in read-only transactions. Once it sees a job with
// chunks written but not finished, it keeps that transaction alive; the worker's next chunk
// (a read-write transaction over `stageJobs`) queues behind it, so the worker is frozen mid-job
// when it is stopped.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { submitFeed } from './add-feed.ts';
import { harnessWithRoutes, openExtensionPage, type Harness, waitForCard } from './extension.ts';
import { watchWorker, type WorkerWatch } from './service-worker.ts';
import { TIFF_2007 } from './tiff-feed.ts';
import { ask } from './worker-ask.ts';

// Over the development build's staging threshold (500 changed rows, build.mjs; the store build's is
// 5,000, src/background/feed-sync/engine.ts) in both versions, so both syncs are staged, in four
// chunks of 200: three states for the probe to catch in the middle. Below the threshold the probe
// never sees a job and the test fails.
const FILLER = 600;
let version = 1;

function feed(): string {
  const first = version === 1;
  const films = [{ id: 'persepolis', title: 'Persepolis', year: 2007, directors: ['Marjane Satrapi'] }];
  if (!first) films.push({ id: 'juno', title: 'Juno', year: 2007, directors: ['Jason Reitman'] });
  const events: object[] = [
    first
      ? {
          id: 'p-party',
          title: 'Persepolis after-party at the Drake',
          kind: 'party',
          films: ['persepolis'],
          festival: 'tiff',
          start: '2007-09-08T23:00:00-04:00',
          access: 'invite',
        }
      : {
          id: 'p-party',
          title: 'Persepolis party moved to the Gladstone',
          kind: 'party',
          films: ['persepolis'],
          festival: 'tiff',
          start: '2007-09-08T23:00:00-04:00',
          access: 'invite',
        },
  ];
  if (!first)
    events.push({
      id: 'j-party',
      title: 'Juno party at the Rivoli',
      kind: 'party',
      films: ['juno'],
      festival: 'tiff',
      start: '2007-09-09T22:00:00-04:00',
    });
  // Every filler event changes between versions, so the second sync is staged too.
  for (let i = 0; i < FILLER; i++) {
    events.push({
      id: `g${i}`,
      title: `Sponsor reception ${i} (version ${version})`,
      kind: 'reception',
      films: [],
      festival: 'tiff',
      start: '2007-09-07',
    });
  }
  return JSON.stringify({
    afterparty: 1,
    title: 'Large local listings',
    festivals: [TIFF_2007],
    films,
    events,
  });
}

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>Review</title><p>Marjane Satrapi’s <em>Persepolis</em> drew the longest queue, and <em>Juno</em> the loudest laugh.</p>';

const env = harnessWithRoutes({ '/big.json': feed, '/review.html': PAGE });
const feedRequests = () => env.served.hits('/big.json');
let harness: Harness;
let base: string;
let options: Page;
let probe: Page;
let worker: WorkerWatch;

beforeAll(async () => {
  ({ harness } = env);
  base = env.served.base;
  options = await openExtensionPage(harness, 'options.html');
  worker = await watchWorker(harness.context, options, harness.extensionId);
});

interface ScheduleReply {
  events: Array<{ key: string; title: string; feedId: string }>;
  films: Array<{ key: string; title: string; feedId: string }>;
}

async function feedSchedule(page: Page): Promise<{ events: string[]; films: string[] }> {
  const all = await ask<ScheduleReply>(page, 'getSchedule');
  const mine = (row: { feedId: string }) => row.feedId !== 'default' && row.feedId !== 'user';
  return { events: all.events.filter(mine).map((e) => e.title), films: all.films.filter(mine).map((f) => f.title) };
}

/** Waits until no sync runs (the subscription's own first sync, an alarm), so "Sync now" starts one. */
async function waitForIdleSync(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await ask<{ running: boolean }>(page, 'getSyncStatus')).running) {
    if (Date.now() > deadline) throw new Error('a sync was still running after 30 s');
    await page.waitForTimeout(100);
  }
}

/** The review page: its card for Persepolis and which titles it underlines. */
async function readReview(): Promise<{ card: string; underlined: string[] }> {
  const page = await harness.context.newPage();
  await page.goto(`${base}/review.html`);
  await waitForHighlights(page);
  const underlined = await page.evaluate(() =>
    [...(CSS.highlights.get('afterparty-film') ?? [])].map((r) => (r as Range).toString()),
  );
  await hoverText(page, 'Persepolis');
  const card = await waitForCard(page, /Persepolis/, { timeout: 15_000 });
  await page.close();
  return { card, underlined };
}

/**
 * In the probe page: polls, in cheap read-only transactions (counts only: the job row holds the
 * whole body), until a staging job exists and the idle slot holds some but not all of the new
 * rows; then keeps that transaction alive, so the worker's next chunk (a read-write transaction
 * over `stageJobs`) waits behind it.
 */
async function holdMidStaging(page: Page, feedId: string, total: number): Promise<{ staged: number }> {
  return page.evaluate(
    ([id, rows]) =>
      new Promise<{ staged: number }>((resolve, reject) => {
        const open = indexedDB.open('afterparty');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const hold = window as unknown as { releaseHold?: () => void };
          const poll = () => {
            const tx = db.transaction(['stageJobs', 'events', 'eventsAlt'], 'readonly');
            tx.onabort = () => reject(new Error(`probe transaction aborted: ${tx.error}`));
            const jobs = tx.objectStore('stageJobs').count();
            const a = tx.objectStore('events').index('feedId').count(id);
            const b = tx.objectStore('eventsAlt').index('feedId').count(id);
            b.onsuccess = () => {
              // The live slot holds the whole old generation; the idle one fills chunk by chunk.
              const staged = Math.min(a.result, b.result);
              if (jobs.result === 0 || staged === 0 || staged >= rows) {
                tx.oncomplete = () => setTimeout(poll, 0);
                return;
              }
              let released = false;
              hold.releaseHold = () => {
                released = true;
              };
              const store = tx.objectStore('stageJobs');
              const spin = () => {
                if (!released) store.count().onsuccess = spin;
              };
              spin();
              tx.oncomplete = () => db.close();
              resolve({ staged });
            };
          };
          poll();
        };
      }),
    [feedId, total] as const,
  );
}

describe('a service worker stopped in the middle of a staged sync', () => {
  it('subscribes to a large feed through the options page', async () => {
    await submitFeed(options, `${base}/big.json`);
    const item = options.locator('li.feed', { hasText: 'Large local listings' });
    await item.waitFor({ timeout: 45_000 });
    expect(await item.textContent()).toMatch(/\b601 events/);
    const first = await feedSchedule(options);
    expect(first.events).toHaveLength(FILLER + 1);
    expect(first.films).toEqual(['Persepolis']);
  });

  it('keeps the first version whole when the worker is stopped mid-staging', async () => {
    version = 2;
    const requestsBefore = feedRequests();
    probe = await openExtensionPage(harness, 'popup.html');
    const { feeds } = await ask<{ feeds: Array<{ id: string; title: string }> }>(probe, 'getFeeds');
    const feedId = feeds.find((f) => f.title === 'Large local listings')?.id ?? '';
    await waitForIdleSync(probe);
    const held = holdMidStaging(probe, feedId, FILLER + 2);
    const running = await worker.running();
    // The options page's own button: its reply never comes, the worker is stopped first.
    await options.getByRole('button', { name: 'Refresh all feeds' }).click();
    const at = await Promise.race([
      held,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the sync never reached the middle of staging in 30 s')), 30_000),
      ),
    ]);
    expect(at.staged).toBeGreaterThan(0);
    expect(at.staged).toBeLessThan(FILLER + 2);
    expect(feedRequests()).toBe(requestsBefore + 1);
    await worker.stop(running);
    await probe.evaluate(() => (window as unknown as { releaseHold: () => void }).releaseHold());

    // The next message starts a new worker, which reads the first version, whole.
    const during = await feedSchedule(probe);
    expect(during.events).toHaveLength(FILLER + 1);
    expect(during.events.every((title) => !title.includes('version 2') && !title.includes('Gladstone'))).toBe(true);
    expect(during.films).toEqual(['Persepolis']);
    const index = await ask<{ filmKeys: string[] }>(probe, 'findFilms', { text: 'Juno' });
    expect(index.filmKeys).toEqual([]);
    const review = await readReview();
    expect(review.card).toContain('Persepolis after-party at the Drake');
    expect(review.card).not.toContain('Gladstone');
    expect(review.underlined).toEqual(['Persepolis']);
  });

  it('resumes the cut-short job on the next sync, without downloading again, and shows the new version', async () => {
    const requestsBefore = feedRequests();
    const reply = await ask<{ errors: string[] }>(probe, 'syncNow');
    expect(reply.errors).toEqual([]);
    expect(feedRequests()).toBe(requestsBefore);
    const after = await feedSchedule(probe);
    expect(after.events).toHaveLength(FILLER + 2);
    expect(after.events.filter((title) => title.includes('version 1'))).toEqual([]);
    expect(after.films.sort()).toEqual(['Juno', 'Persepolis']);
    const review = await readReview();
    expect(review.card).toContain('Persepolis party moved to the Gladstone');
    expect(review.underlined.sort()).toEqual(['Juno', 'Persepolis']);
    await probe.close();
  });
});
