import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChangeNotice } from '../../src/background/data-changes.ts';
import { DATA_REVISION_KEY } from '../../src/messages/data-revision.ts';
import { changesData, MESSAGE_NAMES } from '../../src/messages/index.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the data revision', () => {
  it('is bumped once for changes close together, after successful changing messages only', async () => {
    vi.useFakeTimers();
    const writes: Array<Record<string, unknown>> = [];
    let now = 1;
    const notice = createChangeNotice(async (items) => void writes.push(items), { delayMs: 50, clock: () => now });
    notice.after({ type: 'getSchedule', params: {} }, { result: {} });
    notice.after({ type: 'addUserEvent', params: {} }, { error: 'refused' });
    notice.after('junk', { result: {} });
    await vi.advanceTimersByTimeAsync(100);
    expect(writes).toEqual([]);
    notice.after({ type: 'addUserEvent', params: {} }, { result: {} });
    notice.after({ type: 'setSaved', params: {} }, { result: {} });
    notice.bump();
    await vi.advanceTimersByTimeAsync(60);
    expect(writes).toEqual([{ [DATA_REVISION_KEY]: 1 }]);
    now = 2;
    notice.bump();
    await vi.advanceTimersByTimeAsync(60);
    expect(writes).toEqual([{ [DATA_REVISION_KEY]: 1 }, { [DATA_REVISION_KEY]: 2 }]);
  });

  it('covers every message named like a write, and no name that is not a message', () => {
    const writeVerb = /^(?:add|set|update|delete|remove|clear|restore|import|reset|sync|save|put|write)[A-Z]/;
    const writes = MESSAGE_NAMES.filter((name) => writeVerb.test(name));
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((name) => !changesData(name))).toEqual([]);
    expect(['constructor', '__proto__', 'toString', 'addFeeds'].filter(changesData)).toEqual([]);
  });
});
