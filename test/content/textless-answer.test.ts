import { beforeAll, describe, expect, it } from 'vitest';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => true | undefined;
const listeners = new Set<Listener>();
let switchedOff = false;
const asked: unknown[] = [];
(globalThis as { browser?: unknown }).browser = {
  runtime: {
    onMessage: { addListener: (l: Listener) => listeners.add(l), removeListener: (l: Listener) => listeners.delete(l) },
    sendMessage: async (message: unknown) => {
      asked.push(message);
      return { result: { disabled: switchedOff } };
    },
  },
};

function ask(): Promise<unknown> {
  return new Promise((resolve) => {
    for (const listener of listeners) listener({ type: 'afterparty:pageFilms', params: {} }, {}, resolve);
  });
}

let answerWithoutText: typeof import('../../src/content/textless-answer.ts').answerWithoutText;
beforeAll(async () => {
  ({ answerWithoutText } = await import('../../src/content/textless-answer.ts'));
});

describe('the answer to "This page" from a frame without text', () => {
  it('says no films where the site is on, and nothing the popup takes for an answer where it is off', async () => {
    const life = new AbortController();
    answerWithoutText(life.signal);
    expect(await ask()).toEqual({ filmKeys: [], surfaces: {} });
    expect(asked).toEqual([{ type: 'getSiteSwitch', params: {} }]);
    switchedOff = true;
    expect(await ask()).toEqual({ error: 'Afterparty is switched off on this site' });
    // Once text arrives the run answers for itself: this one steps aside.
    life.abort();
    expect(listeners.size).toBe(0);
  });
});
