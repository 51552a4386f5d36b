// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { FoundTitles } from '../../src/content/found-titles.ts';
import type { FoundTitle } from '../../src/content/page-scan.ts';

type Listener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => true | undefined;
const listeners = new Set<Listener>();
(globalThis as { browser?: unknown }).browser = {
  runtime: {
    onMessage: { addListener: (l: Listener) => listeners.add(l), removeListener: (l: Listener) => listeners.delete(l) },
  },
};

function ask(): Promise<unknown> {
  return new Promise((resolve) => {
    for (const listener of listeners) listener({ type: 'afterparty:pageFilms', params: {} }, {}, resolve);
  });
}

function title(anchor: Element, surface: string, filmIds: string[]): FoundTitle {
  const range = document.createRange();
  range.selectNodeContents(anchor);
  return { range, nodes: [anchor.firstChild as Text], filmIds, surface, anchor };
}

let answerPageFilms: typeof import('../../src/content/page-films.ts').answerPageFilms;
beforeAll(async () => {
  ({ answerPageFilms } = await import('../../src/content/page-films.ts'));
});

describe('the answer to the popup\'s "This page"', () => {
  it('gives each film the first text that named it, leaving out text over 200 characters', async () => {
    document.body.innerHTML = '<p>a</p><p>b</p>';
    const [a, b] = [...document.querySelectorAll('p')] as Element[] as [Element, Element];
    const found = new FoundTitles();
    found.add([title(a, 'Young People F***ing', ['f/ypf']), title(a, 'x'.repeat(201), ['f/long'])]);
    found.add([title(b, 'Young People Fucking', ['f/ypf']), title(b, 'Crash', ['f/crash', 'f/crash-1996'])]);
    const life = new AbortController();
    answerPageFilms(found, life.signal);
    const reply = (await ask()) as { filmKeys: string[]; surfaces: Record<string, string> };
    expect(reply.filmKeys.sort()).toEqual(['f/crash', 'f/crash-1996', 'f/long', 'f/ypf']);
    expect(reply.surfaces).toEqual({ 'f/ypf': 'Young People F***ing', 'f/crash': 'Crash', 'f/crash-1996': 'Crash' });
    life.abort();
    expect(listeners.size).toBe(0);
  });
});
