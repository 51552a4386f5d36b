// The top frame's wake (src/content-wake/): one message carrying nothing, and no failure the
// page could see (the extension reloaded or this script's context gone).
import { describe, expect, it } from 'vitest';
import type { send } from '../../src/browser/send.ts';
import { wakeWorker } from '../../src/content-wake/wake-worker.ts';
import { parseRequest } from '../../src/messages/index.ts';

function fakeSend(answer: () => Promise<unknown>) {
  const sent: Array<{ type: string; params: unknown }> = [];
  const fake = ((type: string, params: unknown) => {
    sent.push({ type, params });
    return answer();
  }) as typeof send;
  return { fake, sent };
}

describe('wakeWorker', () => {
  it('sends one wake with no params, which the worker accepts', async () => {
    const { fake, sent } = fakeSend(async () => ({}));
    await wakeWorker(fake);
    expect(sent).toEqual([{ type: 'wake', params: {} }]);
    expect(parseRequest(sent[0])).toEqual({ type: 'wake', params: {} });
  });

  it.each([
    ['a refusal', () => Promise.reject(new Error('wake takes no parameters'))],
    ['a context gone', () => Promise.reject(new Error('Extension context invalidated.'))],
    [
      'a synchronous throw',
      () => {
        throw new Error('Extension context invalidated.');
      },
    ],
  ])('swallows %s', async (_what, answer) => {
    const { fake, sent } = fakeSend(answer);
    await expect(wakeWorker(fake)).resolves.toBeUndefined();
    // Positive control: the failure was the send's, which was made.
    expect(sent).toHaveLength(1);
  });
});
