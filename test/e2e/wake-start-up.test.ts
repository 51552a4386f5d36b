// A stopped worker woken by a page answers the page before its start-up work (issue 28): woken
// by the top frame's wake as the page starts, before the content script's first batch; the
// reminders rebuilt, the sync alarm set again and the device-sync round start after the page's
// beginScan was answered, and they still run. Read from the woken worker's own timeline (the
// development build measures each, src/background/start-up.ts). Stopped through CDP
// (ServiceWorker.stopWorker, woken-worker.ts), as the browser stops an MV3 worker idle for 30 s.
import { describe, expect, it } from 'vitest';
import { wokenWorkerForFile } from './woken-worker.ts';

const worker = wokenWorkerForFile();

const TASKS = ['reminders', 'reschedule', 'device-sync'].map((t) => `afterparty:start-up:${t}`);

describe('a stopped worker woken by a page', () => {
  it('answers the page first, then runs its start-up work', async () => {
    expect(await worker.underlined()).toBe(2);
    const done = async () => {
      const names = (await worker.entries()).map((e) => e.name);
      return TASKS.every((t) => names.includes(t)) && names.includes('afterparty:matcher-stored');
    };
    await worker.until('the first life’s start-up work and stored matcher', done);

    await worker.stop();

    expect(await worker.underlined()).toBe(2);
    await worker.until('the woken worker’s start-up work', async () => {
      const names = (await worker.entries()).map((e) => e.name);
      return TASKS.every((t) => names.includes(t));
    });
    const entries = await worker.entries();
    // A new life: none of the first life's entries, and the page's request answered in it.
    expect(entries.map((e) => e.name)).not.toContain('afterparty:matcher-stored');
    const answered = entries.find((e) => e.name === 'afterparty:beginScan');
    expect(answered).toBeDefined();
    for (const name of TASKS) {
      const task = entries.find((e) => e.name === name)!;
      expect({ name, after: task.start >= answered!.end }).toEqual({ name, after: true });
    }
    // The stored matcher is read from the worker's start (index.ts), not from the page's request,
    // and that read is the one the request used: read back once in this life, nothing compiled.
    const names = entries.map((e) => e.name);
    const loads = entries.filter((e) => e.name === 'afterparty:matcher:load');
    expect(loads).toHaveLength(1);
    expect(loads[0]!.start).toBeLessThan(answered!.start);
    expect(names.filter((n) => n === 'afterparty:matcher-loaded')).toHaveLength(1);
    expect(names).not.toContain('afterparty:matcher-compiled');
    // Positive control: the entries of this life name what it did (the script's end, the request's answer).
    expect(names).toContain('afterparty:worker-script');
    // Woken by the top frame's wake at document_start (src/content-wake/), once, before the
    // content script's first batch came; answered outside the start-up's count, so the deferred
    // work above still waited for beginScan's answer.
    // The worker's clock counts in steps of 0.1 ms: the wake and the batch, both sent while the
    // worker started, are handled one after the other in the same step (CI saw 65.4 and 65.4).
    const wakes = entries.filter((e) => e.name === 'afterparty:wake');
    expect(wakes).toHaveLength(1);
    expect(wakes[0]!.start).toBeLessThanOrEqual(answered!.start);
    expect(wakes[0]!.end).toBeLessThan(answered!.end);
  });
});
