// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FoundTitles } from '../../src/content/found-titles.ts';
import type { FoundTitle } from '../../src/content/page-scan.ts';

function page(html: string): HTMLElement[] {
  document.body.innerHTML = html;
  return [...document.body.querySelectorAll('p')];
}

function title(anchor: Element, surface: string, filmIds: string[]): FoundTitle {
  const range = document.createRange();
  range.selectNodeContents(anchor);
  return { range, nodes: [anchor.firstChild as Text], filmIds, surface, anchor };
}

function watched(store: FoundTitles) {
  const log: string[] = [];
  store.watch({
    added: (titles, anchors) => log.push(`+${titles.map((t) => t.surface).join()} new:${anchors.length}`),
    removed: (titles, anchors) => log.push(`-${titles.map((t) => t.surface).join()} emptied:${anchors.length}`),
  });
  return log;
}

describe('the found-titles store', () => {
  it('keeps titles by the element they start in, in text order, and tells its readers which elements are new', () => {
    const [a, b] = page('<p>Crash, Juno</p><p>Crash</p>') as [HTMLElement, HTMLElement];
    const store = new FoundTitles();
    const log = watched(store);
    store.add([title(a, 'Crash', ['f/crash']), title(a, 'Juno', ['f/juno'])]);
    store.add([title(b, 'Crash', ['f/crash'])]);
    expect(log).toEqual(['+Crash,Juno new:1', '+Crash new:1']);
    expect(store.count).toBe(3);
    expect([...store.elements()]).toEqual([a, b]);
    expect(store.in(a).map((t) => t.surface)).toEqual(['Crash', 'Juno']);
    expect([...store.filmIds()].sort()).toEqual(['f/crash', 'f/juno']);

    store.removeElements((anchor) => anchor === a);
    expect(log.at(-1)).toBe('-Crash,Juno emptied:1');
    expect(store.count).toBe(1);
    expect(store.in(a)).toEqual([]);
    expect([...store.filmIds()]).toEqual(['f/crash']);
  });

  it('applies the corrections it starts with to every title on the way in', () => {
    const [a] = page('<p>Crash, Crash, Juno</p>') as [HTMLElement];
    const store = new FoundTitles([{ filmKey: 'f/crash-2004', surface: 'crash' }]);
    const log = watched(store);
    store.add([
      title(a, 'CRASH', ['f/crash-2004']),
      title(a, 'Crash', ['f/crash-1996', 'f/crash-2004']),
      title(a, 'Juno', ['f/juno']),
    ]);
    expect(log).toEqual(['+Crash,Juno new:1']);
    expect(store.in(a).map((t) => t.filmIds)).toEqual([['f/crash-1996'], ['f/juno']]);
    // Nothing left after corrections: nothing stored, no reader told.
    store.add([title(a, 'Crash', ['f/crash-2004'])]);
    expect(log).toHaveLength(1);
    expect(store.count).toBe(2);
  });

  it('applies a new correction to the titles already found: trimmed in place, dropped when no film is left', () => {
    const [a, b] = page('<p>Crash</p><p>Crash, Juno</p>') as [HTMLElement, HTMLElement];
    const store = new FoundTitles();
    const shared = title(a, 'Crash', ['f/crash-1996', 'f/crash-2004']);
    store.add([shared, title(b, 'crash', ['f/crash-2004']), title(b, 'Juno', ['f/juno'])]);
    const log = watched(store);

    store.correct({ filmKey: 'f/crash-2004', surface: 'Crash' });
    expect(shared.filmIds).toEqual(['f/crash-1996']);
    expect(store.in(a)).toEqual([shared]);
    expect(store.in(b).map((t) => t.surface)).toEqual(['Juno']);
    expect(log).toEqual(['-crash emptied:0']);
    expect([...store.filmIds()].sort()).toEqual(['f/crash-1996', 'f/juno']);

    store.correct({ filmKey: 'f/crash-1996', surface: 'crash' });
    expect(log.at(-1)).toBe('-Crash emptied:1');
    expect(store.count).toBe(1);
    // Later finds of the same text are corrected too.
    store.add([title(a, 'Crash', ['f/crash-1996', 'f/crash-2004'])]);
    expect(store.count).toBe(1);
  });

  it('tells no reader anything when a correction or a removal changes nothing', () => {
    const [a] = page('<p>Juno</p>') as [HTMLElement];
    const store = new FoundTitles();
    store.add([title(a, 'Juno', ['f/juno'])]);
    const log = watched(store);
    store.correct({ filmKey: 'f/crash', surface: 'Crash' });
    store.removeElements(() => false);
    expect(log).toEqual([]);
    expect(store.count).toBe(1);
  });
});
