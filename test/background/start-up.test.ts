// Issue 28: a woken worker answers the page that woke it before its start-up work (reminders
// rebuilt, the sync alarm set, a device-sync round), and that work still runs: after the answer,
// after a grace when no request comes (a wake by an alarm), or after the longest wait when
// requests keep coming. And a matcher read back answers a page without reading every film.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { SiteRegistry } from '../../src/background/sites/site-registry.ts';
import { START_UP_GRACE_MS, START_UP_MAX_WAIT_MS, startUp } from '../../src/background/start-up.ts';
import { QUIET_MS, titleMatcherCache } from '../../src/background/title-matcher.ts';
import { unpackMatches } from '../../src/core/matching/index.ts';
import type { AfterpartyDb } from '../../src/db/index.ts';
import type { Reply } from '../../src/messages/index.ts';
import { freshDb } from '../db/fake-db.ts';

/** A clock the test moves: `later`'s callbacks run when `advance` passes their time. */
function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  return {
    later: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((done) => setTimeout(done, 0));

/** A task that says when it ran. */
function task(log: string[], name: string) {
  return vi.fn(async () => void log.push(name));
}

describe('the start-up work a woken worker defers', () => {
  it('waits for the answer to the request that woke the worker, then runs, each task once', async () => {
    const clock = fakeClock();
    const wake = startUp({ later: clock.later });
    const log: string[] = [];
    const reminders = task(log, 'reminders');
    const sync = task(log, 'device-sync');
    wake.defer('reminders', reminders);
    wake.defer('device-sync', sync);
    let answer = (): void => undefined;
    const reply = wake.request(() => new Promise<string>((done) => (answer = () => done('answered'))));
    // Past the grace with the request still unanswered: nothing started.
    clock.advance(START_UP_GRACE_MS + 100);
    await settle();
    expect(reminders).not.toHaveBeenCalled();
    answer();
    log.push(await reply);
    await settle();
    expect(log).toEqual(['answered']); // the reply goes first: the work waits for a task of its own
    clock.advance(0);
    await settle();
    expect(log).toEqual(['answered', 'reminders', 'device-sync']);
    clock.advance(START_UP_MAX_WAIT_MS);
    await settle();
    expect(reminders).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('runs after the grace when no request comes (a wake by an alarm), and not before', async () => {
    const clock = fakeClock();
    const wake = startUp({ later: clock.later });
    const reschedule = vi.fn(async () => undefined);
    wake.defer('reschedule', reschedule);
    clock.advance(START_UP_GRACE_MS - 1);
    await settle();
    expect(reschedule).not.toHaveBeenCalled();
    clock.advance(1);
    await settle();
    expect(reschedule).toHaveBeenCalledTimes(1);
    expect(wake.released).toBe(true);
  });

  it('waits while requests overlap, and no longer than the longest wait', async () => {
    const clock = fakeClock();
    const wake = startUp({ later: clock.later });
    const work = vi.fn(async () => undefined);
    wake.defer('reminders', work);
    const never = new Promise<void>(() => undefined);
    let first = (): void => undefined;
    const one = wake.request(() => new Promise<void>((done) => (first = done)));
    void wake.request(() => never); // a second frame's request, never answered
    first();
    await one;
    clock.advance(START_UP_GRACE_MS);
    await settle();
    expect(work).not.toHaveBeenCalled(); // one request is still unanswered
    clock.advance(START_UP_MAX_WAIT_MS);
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs a task deferred after the release at once; a failed task is logged and the others run', async () => {
    const clock = fakeClock();
    const wake = startUp({ later: clock.later });
    const errors: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    onTestFinished(() => void (console.error = error));
    const after = vi.fn(async () => undefined);
    wake.defer('reminders', async () => {
      throw new Error('no alarms today');
    });
    wake.defer('device-sync', after);
    await wake.request(async () => 'answered');
    clock.advance(0);
    await settle();
    expect(after).toHaveBeenCalledTimes(1);
    expect(String(errors[0]?.[0])).toContain('"reminders"');
    const late = vi.fn(async () => undefined);
    wake.defer('reschedule', late);
    await settle();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('answers the first beginScan before the deferred work starts, and the work runs after it', async () => {
    const db = freshDb();
    const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
    const sites = { isDisabled: async () => false } as unknown as SiteRegistry;
    const handlers = createHandlers({ db, ready, titles: titleMatcherCache(db, ready), sites });
    const clock = fakeClock();
    const wake = startUp({ later: clock.later });
    const log: string[] = [];
    wake.defer('reminders', task(log, 'reminders'));
    const text = 'After Fugitive Pieces we went on to the party.';
    const reply = (await wake.request(() =>
      route(
        handlers,
        { type: 'beginScan', params: { blocks: [{ text }] } },
        { extensionPage: false, pageUrl: 'https://on.example/review' },
      ),
    )) as Reply<'beginScan'>;
    log.push('beginScan');
    if (!('result' in reply) || reply.result.disabled) throw new Error(`not answered: ${JSON.stringify(reply)}`);
    expect(unpackMatches(reply.result.matches, [{ text }])[0]!.map((m) => m.surface)).toEqual(['Fugitive Pieces']);
    clock.advance(0);
    await settle();
    expect(log).toEqual(['beginScan', 'reminders']);
  });
});

describe('a woken worker with its matcher stored', () => {
  /** Counts whole reads of the feeds' films tables (both slots): the user's own films are the print's. */
  function filmReads(db: AfterpartyDb) {
    const spies = [db.films, db.filmsAlt].map((table) => vi.spyOn(table, 'toArray'));
    return () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  }

  it('answers a page without reading the films, and reads them once its titles are asked for', async () => {
    const db = freshDb();
    const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
    const first = titleMatcherCache(db, ready);
    await first.get();
    for (let i = 0; i < 200 && first.counts.stored < 1; i++) await new Promise((done) => setTimeout(done, 25));
    expect(first.counts.stored).toBe(1);

    const reads = filmReads(db);
    const woken = titleMatcherCache(db, ready);
    const found = (await woken.get()).find({ text: 'After Fugitive Pieces we went on.' });
    expect(found.map((m) => m.surface)).toEqual(['Fugitive Pieces']);
    expect(woken.counts).toMatchObject({ compiled: 0, loaded: 1 });
    await new Promise((done) => setTimeout(done, 50));
    expect(reads()).toBe(0);
    // Positive control: the titles, when asked for, are read from those tables.
    const { sources } = await woken.catalog();
    expect(sources.map((f) => f.title)).toContain('Fugitive Pieces');
    expect(reads()).toBeGreaterThan(0);
  });
});

describe('the matcher built while a request is answered', () => {
  it('is stored (and warmed up) only once no request has been answered for a while', async () => {
    const db = freshDb();
    const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
    let busy = true;
    const titles = titleMatcherCache(db, ready, {
      lastRequest: () => (busy ? performance.now() : -Infinity),
    });
    await titles.get();
    expect(titles.counts.compiled).toBe(1);
    await new Promise((done) => setTimeout(done, 4 * QUIET_MS));
    expect(titles.counts.stored).toBe(0);
    // Positive control: the request answered, the write follows.
    busy = false;
    for (let i = 0; i < 200 && titles.counts.stored < 1; i++) await new Promise((done) => setTimeout(done, 25));
    expect(titles.counts.stored).toBe(1);
  });
});
