import { beforeAll, describe, expect, it } from 'vitest';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => true | undefined;

// A tab with one content script: tabs.sendMessage reaches the runtime.onMessage listeners, and
// the first to answer (sendResponse) resolves the sender's promise, as in the browsers.
const listeners = new Set<Listener>();
const sent: Array<{ tabId: number; message: unknown; options: unknown }> = [];
function deliver(message: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let pending = false;
    for (const listener of listeners) {
      let answered = false;
      const result = listener(message, {}, (reply) => {
        answered = true;
        resolve(reply);
      });
      if (answered) return;
      if (result === true) pending = true;
    }
    if (!pending) reject(new Error('Could not establish connection. Receiving end does not exist.'));
  });
}
(globalThis as { browser?: unknown }).browser = {
  runtime: {
    onMessage: { addListener: (l: Listener) => listeners.add(l), removeListener: (l: Listener) => listeners.delete(l) },
  },
  tabs: {
    sendMessage: (tabId: number, message: unknown, options: unknown) => {
      sent.push({ tabId, message, options });
      return deliver(message);
    },
  },
};

let tab: typeof import('../../src/browser/tab-messages.ts');
beforeAll(async () => {
  tab = await import('../../src/browser/tab-messages.ts');
});

describe('tab-ward messages', () => {
  it('reach the content script under the same wire names, with the frame the sender names', async () => {
    const life = new AbortController();
    tab.answerTab('afterparty:pageFilms', () => ({ filmKeys: ['default/crash'], surfaces: {} }), life.signal);
    await expect(tab.sendToTab(7, 'afterparty:pageFilms', {}, { frameId: 0 })).resolves.toEqual({
      filmKeys: ['default/crash'],
      surfaces: {},
    });
    expect(sent.at(-1)).toEqual({
      tabId: 7,
      message: { type: 'afterparty:pageFilms', params: {} },
      options: { frameId: 0 },
    });
    // A message without params, as sent before the map was typed, is answered too.
    await expect(deliver({ type: 'afterparty:pageFilms' })).resolves.toEqual({
      filmKeys: ['default/crash'],
      surfaces: {},
    });
    life.abort();
    await expect(tab.sendToTab(7, 'afterparty:pageFilms', {})).rejects.toThrow(/Receiving end does not exist/);
  });

  it('answer only their own name, refuse params they do not take, and pass a failure on as its reason', async () => {
    const life = new AbortController();
    tab.answerTab('afterparty:openCard', () => Promise.reject(new Error('no title at the caret')), life.signal);
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).rejects.toThrow(/Receiving end does not exist/);
    await expect(deliver({ type: 'afterparty:openCard', params: { x: 1 } })).resolves.toEqual({
      error: 'afterparty:openCard takes no parameters',
    });
    await expect(tab.sendToTab(1, 'afterparty:openCard', {})).rejects.toThrow('no title at the caret');
    life.abort();
  });

  it('check the reply, which comes from a page process: odd keys are dropped, a wrong shape is refused', async () => {
    const life = new AbortController();
    let reply: unknown = { filmKeys: ['default/crash', 42, null], surfaces: {} };
    tab.answerTab('afterparty:pageFilms', () => reply as never, life.signal);
    tab.answerTab('afterparty:openCard', () => reply as never, life.signal);
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).resolves.toEqual({
      filmKeys: ['default/crash'],
      surfaces: {},
    });
    reply = { filmKeys: 'default/crash', surfaces: {} };
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).rejects.toThrow('afterparty:pageFilms: no film keys');
    // Surfaces: text only, 200 characters at most, only for the films listed.
    const filmKeys = ['default/ypf', 'default/crash', 'default/juno', 'default/elah'];
    reply = {
      filmKeys,
      surfaces: {
        'default/ypf': 'Young People F***ing',
        'default/crash': 42,
        'default/juno': 'J'.repeat(201),
        'default/elah': 'E'.repeat(200),
      },
    };
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).resolves.toEqual({
      filmKeys,
      surfaces: { 'default/ypf': 'Young People F***ing', 'default/elah': 'E'.repeat(200) },
    });
    reply = { filmKeys: ['default/ypf', 'default/crash'], surfaces: { 'default/other': 'Other', ['__proto__']: 'x' } };
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).resolves.toEqual({
      filmKeys: ['default/ypf', 'default/crash'],
      surfaces: {},
    });
    reply = { filmKeys: ['default/ypf'], surfaces: { 'default/ypf': 'Young', a: 'a' } };
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).rejects.toThrow(
      'afterparty:pageFilms: more surfaces than films',
    );
    reply = { filmKeys: ['default/ypf'], surfaces: ['Young'] };
    await expect(tab.sendToTab(1, 'afterparty:pageFilms', {})).rejects.toThrow('afterparty:pageFilms: no surfaces');
    reply = { opened: true, extra: 'dropped' };
    await expect(tab.sendToTab(1, 'afterparty:openCard', {})).resolves.toEqual({ opened: true });
    reply = { opened: 'yes' };
    await expect(tab.sendToTab(1, 'afterparty:openCard', {})).rejects.toThrow('afterparty:openCard: no answer');
    life.abort();
  });
});
