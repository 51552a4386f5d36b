// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FoundTitles } from '../../src/content/found-titles.ts';
import type { FoundTitle } from '../../src/content/page-scan.ts';
import { HIGHLIGHT_NAME, MAX_REGISTERED, TitleHighlights } from '../../src/content/title-highlights.ts';

// happy-dom has no Custom Highlight API: a Highlight is a set of ranges, the registry a map.
class FakeHighlight extends Set<Range> {
  constructor(...ranges: Range[]) {
    super(ranges);
  }
}
let registry: Map<string, FakeHighlight>;
let controller: AbortController;

beforeEach(() => {
  registry = new Map();
  vi.stubGlobal('Highlight', FakeHighlight);
  vi.stubGlobal('CSS', { highlights: registry });
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  vi.unstubAllGlobals();
});

/** A store holding each paragraph of the page as one title, of the film named like its text. */
function paragraphsFound(): FoundTitles {
  const store = new FoundTitles();
  store.add(
    [...document.querySelectorAll('p')].map((anchor): FoundTitle => {
      const range = document.createRange();
      range.selectNodeContents(anchor);
      const text = anchor.textContent!;
      return { range, nodes: [anchor.firstChild as Text], filmIds: [text], surface: text, anchor };
    }),
  );
  return store;
}

function found(): FoundTitles {
  document.body.innerHTML = '<p>Juno</p><p>Crash</p>';
  return paragraphsFound();
}

const registered = () => registry.get(HIGHLIGHT_NAME);

describe('the highlight registry, which any page script can list', () => {
  it('holds our highlight with every title found, by default', () => {
    const highlights = new TitleHighlights(document, found(), controller.signal);
    highlights.refresh();
    expect([...registered()!].map((r) => r.toString())).toEqual(['Juno', 'Crash']);
  });

  it('holds nothing while titles show only with the key, and everything while it is held', () => {
    const highlights = new TitleHighlights(document, found(), controller.signal, { shown: false });
    highlights.refresh();
    expect(registry.size).toBe(0);
    // Positive control: the key is held.
    highlights.setShown(true);
    const held = registered()!;
    expect([...held].map((r) => r.toString())).toEqual(['Juno', 'Crash']);
    // Released: out of the registry, and the object a page may have kept from it is emptied.
    highlights.setShown(false);
    expect(registry.size).toBe(0);
    expect(held.size).toBe(0);
    // Held again: a new object, with the titles.
    highlights.setShown(true);
    expect(registered()).not.toBe(held);
    expect(registered()!.size).toBe(2);
  });
});

describe('the films the listings prefetch asks for', () => {
  it('are those of the registered titles: every title of a small page, none of a large page out of view', () => {
    const highlights = new TitleHighlights(document, found(), controller.signal, { shown: false });
    highlights.refresh();
    expect([...highlights.filmIds()].sort()).toEqual(['Crash', 'Juno']);

    // Over MAX_REGISTERED titles only those near the viewport are registered; happy-dom reports
    // no element in view, so none is, and the prefetch asks for nothing rather than for every film.
    document.body.innerHTML = Array.from({ length: MAX_REGISTERED + 1 }, (_, i) => `<p>Film ${i}</p>`).join('');
    const large = paragraphsFound();
    const many = new TitleHighlights(document, large, controller.signal);
    many.refresh();
    expect(large.filmIds().size).toBe(MAX_REGISTERED + 1);
    expect(many.filmIds().size).toBe(0);
  });
});

describe('the elements watched for the viewport', () => {
  const titleOf = (anchor: Element): FoundTitle => {
    const range = document.createRange();
    range.selectNodeContents(anchor);
    const text = anchor.textContent!;
    return { range, nodes: [anchor.firstChild as Text], filmIds: [text], surface: text, anchor };
  };

  it('are observed when the first scan releases its hold, not one by one as it adds them', () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = '<p>Juno</p><p>Crash</p><p>Amour</p>';
    const [juno, crash, amour] = [...document.querySelectorAll('p')];
    const store = new FoundTitles();
    const highlights = new TitleHighlights(document, store, controller.signal);
    // Positive control: outside a hold, an element is observed as soon as it holds a title.
    store.add([titleOf(juno!)]);
    expect(observed).toEqual([juno]);
    highlights.hold();
    store.add([titleOf(crash!), titleOf(amour!)]);
    expect(observed).toEqual([juno]);
    highlights.release();
    expect(observed).toEqual([juno, crash, amour]);
    // Few titles: all of them are registered at once, the observer's report not awaited.
    expect([...registered()!].map((r) => r.toString())).toEqual(['Juno', 'Crash', 'Amour']);
  });
  it('beyond 2,000 titles, registers at the release those of the elements near the viewport, read in page order', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {} // reports nothing: what is registered at the release is read by the scan's end alone
        unobserve() {}
        disconnect() {}
      },
    );
    const count = MAX_REGISTERED + 100;
    document.body.innerHTML = Array.from({ length: count }, (_, i) => `<p>Film ${i}</p>`).join('');
    const paragraphs = [...document.querySelectorAll('p')];
    // Each paragraph 100 px below the one before.
    paragraphs.forEach((p, i) => {
      p.getBoundingClientRect = () => ({ top: i * 100, bottom: i * 100 + 20 }) as DOMRect;
    });
    const store = new FoundTitles();
    const highlights = new TitleHighlights(document, store, controller.signal);
    highlights.hold();
    store.add(paragraphs.map(titleOf));
    highlights.release();
    const near = Math.floor((2 * window.innerHeight) / 100) + 1; // up to one screen below the viewport
    const shown = [...registered()!].map((r) => r.toString());
    expect(shown).toHaveLength(near);
    expect(shown[0]).toBe('Film 0');
    expect(shown).not.toContain(`Film ${near}`);
  });
});
