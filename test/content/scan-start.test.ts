// The run's matcher asks the frame's start-up questions with its first batch (beginScan) and
// hands back no titles before the answers are applied, nor any on a switched-off site. The
// transport is the browser seam (send), answered here as the background would.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';

const send = vi.fn();
vi.mock('../../src/browser/send.ts', () => ({ send: (...args: unknown[]) => send(...args) }));
const { ScanStart } = await import('../../src/content/scan-start.ts');

const match = { start: 0, end: 5, surface: 'Crash', filmIds: ['f/crash'] };
// As the worker sends it (core/matching/packed-matches.ts).
const packed = { films: [['f/crash']], spans: [[0, 5, 0]] };
const settled = () => new Promise((done) => setTimeout(done, 0));

describe('the first batch and the start-up questions', () => {
  it('sends the first batch as beginScan, the next as findTitles, and answers none before open()', async () => {
    send.mockReset();
    send.mockImplementation(async (type: string) =>
      type === 'beginScan'
        ? { disabled: false, settings: DEFAULT_SETTINGS, corrections: [], matches: packed }
        : { matches: packed },
    );
    const start = new ScanStart(new AbortController().signal);
    let firstAnswered = false;
    const first = start.find([{ text: 'Crash' }]).then((m) => ((firstAnswered = true), m));
    const second = start.find([{ text: 'Crash' }]);
    expect(start.asked).toBe(true);
    expect(await start.answers).toMatchObject({ disabled: false, settings: DEFAULT_SETTINGS });
    await settled();
    // Not before the answers are applied, and the next batch not even sent.
    expect(firstAnswered).toBe(false);
    expect(send.mock.calls.map(([type]) => type)).toEqual(['beginScan']);
    // Positive control: once opened, both are answered, the second through findTitles.
    start.open();
    expect(await first).toEqual([[match]]);
    expect(await second).toEqual([[match]]);
    expect(send.mock.calls.map(([type]) => type)).toEqual(['beginScan', 'findTitles']);
  });

  it('hands back nothing on a switched-off site, and sends nothing more', async () => {
    send.mockReset();
    send.mockResolvedValue({ disabled: true });
    const start = new ScanStart(new AbortController().signal);
    const first = start.find([{ text: 'Crash' }]);
    const second = start.find([{ text: 'Crash' }]);
    expect(await start.answers).toEqual({ disabled: true });
    start.refuse(new Error('off'));
    await expect(first).rejects.toThrow('off');
    await expect(second).rejects.toThrow('off');
    expect(send.mock.calls.map(([type]) => type)).toEqual(['beginScan']);
  });

  it('fails its answers when the first batch fails or the run stops first', async () => {
    send.mockReset();
    send.mockRejectedValue(new Error('no worker'));
    const failing = new ScanStart(new AbortController().signal);
    await expect(failing.find([{ text: 'Crash' }])).rejects.toThrow('no worker');
    await expect(failing.answers).rejects.toThrow('no worker');
    const controller = new AbortController();
    const stopped = new ScanStart(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(stopped.answers).rejects.toThrow('stopped');
  });
});
