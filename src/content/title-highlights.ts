import type { FoundTitles } from './found-titles.ts';
import type { FoundTitle } from './page-scan.ts';

export const HIGHLIGHT_NAME = 'afterparty-film';
/** Registered ranges at most: tens of thousands make every DOM change of the page slower. */
export const MAX_REGISTERED = 2_000;
/** An element with more titles than this is narrowed to the ones near the viewport, range by range. */
const DENSE = 24;
/**
 * Titles inside a text node longer than this are found (hover opens their card) but not
 * painted: Chromium repaints the whole node for any highlight range in it, which on a 5 MB
 * node blocks the page for 130-230 ms each time the registered set changes.
 */
export const PAINT_LIMIT = 1_000_000;
/** Elements past the viewport, one after another, after which the rest of the page is taken to be too. */
const FAR_ENOUGH = 50;
/** How soon after a scroll or a new batch the registered set is brought up to date. */
const REFRESH_MS = 60;

/**
 * Underlines found titles with the CSS Custom Highlight API: no page node is wrapped or
 * changed, so pages that diff or re-render their DOM never fight us. It paints what the
 * found-titles store holds: all of it up to MAX_REGISTERED titles; beyond that only those
 * near the viewport, tracked with an IntersectionObserver on the elements holding them (and,
 * inside an element holding many, by their rectangles on scroll).
 */
export class TitleHighlights {
  readonly #visible = new Set<Element>();
  #registered = new Set<FoundTitle>();
  #highlight = new Highlight();
  #shown: boolean;
  readonly #observer: IntersectionObserver;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #held = false;
  #pending = false;
  /** Elements to observe once the hold ends (see hold()). */
  #unobserved: Element[] = [];

  constructor(
    private readonly doc: Document,
    private readonly found: FoundTitles,
    signal: AbortSignal,
    { shown = true } = {},
  ) {
    this.#shown = shown;
    if (shown) CSS.highlights.set(HIGHLIGHT_NAME, this.#highlight);
    this.#observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) this.#visible.add(entry.target);
          else this.#visible.delete(entry.target);
        }
        this.#schedule();
      },
      // One screen above and below: a title scrolled into view is already underlined.
      { rootMargin: '100% 0px 100% 0px' },
    );
    found.watch({
      added: (_titles, anchors) => {
        if (this.#held) this.#unobserved.push(...anchors);
        else for (const anchor of anchors) this.#observer.observe(anchor);
        this.#schedule();
      },
      removed: (titles, anchors) => {
        if (this.#unobserved.length > 0) {
          const gone = new Set(anchors);
          this.#unobserved = this.#unobserved.filter((anchor) => !gone.has(anchor));
        }
        for (const anchor of anchors) {
          this.#visible.delete(anchor);
          this.#observer.unobserve(anchor);
        }
        for (const title of titles) if (this.#registered.delete(title)) this.#highlight.delete(title.range);
        this.#schedule();
      },
    });
    const view = doc.defaultView ?? window;
    const onMove = () => found.count > MAX_REGISTERED && this.#hasDenseVisible() && this.#schedule();
    view.addEventListener('scroll', onMove, { passive: true, capture: true, signal });
    view.addEventListener('resize', () => this.#schedule(), { passive: true, signal });
    signal.addEventListener('abort', () => this.dispose(), { once: true });
  }

  /**
   * Puts the highlight in the registry, or takes it out. Any page script can list the ranges
   * of a registered highlight (`CSS.highlights.get`), so the "only with the key" setting keeps
   * it out until the reader holds the key. Taken out, the ranges move to a new Highlight: a
   * page that kept the old one sees it empty, and nothing found later.
   */
  setShown(shown: boolean): void {
    if (shown === this.#shown) return;
    this.#shown = shown;
    if (shown) {
      CSS.highlights.set(HIGHLIGHT_NAME, this.#highlight);
      return;
    }
    if (CSS.highlights.get(HIGHLIGHT_NAME) === this.#highlight) CSS.highlights.delete(HIGHLIGHT_NAME);
    const ranges: Range[] = [];
    for (const title of this.#registered) ranges.push(title.range);
    this.#highlight.clear();
    this.#highlight = new Highlight(...ranges);
  }

  #hasDenseVisible(): boolean {
    for (const element of this.#visible) if (this.found.in(element).length > DENSE) return true;
    return false;
  }

  /**
   * Holds highlight updates until `release()`. Every change to a styled highlight makes
   * Chromium repaint the text nodes it touches, and on a 5 MB text node that repaint alone
   * takes about 200 ms: the first scan registers what it found in one go, not per slice.
   * Elements found meanwhile are observed only at the end: the browser works out every
   * observed element's intersection at each frame, 50 ms of the page's main thread over
   * the 2 MB article's 4,683 paragraphs while they were added (traced).
   */
  hold(): void {
    this.#held = true;
  }

  release(): void {
    this.#held = false;
    const unobserved = this.#unobserved;
    this.#unobserved = [];
    for (const anchor of unobserved) this.#observer.observe(anchor);
    // Beyond MAX_REGISTERED only what is near the viewport is registered, and the observer
    // reports on the elements just observed a frame later: those at the top are read now, in
    // page order until well past the viewport. The report corrects any out of that order.
    if (unobserved.length > 0 && this.found.count > MAX_REGISTERED) this.#readNear(unobserved);
    if (this.#pending) this.refresh();
  }

  #readNear(anchors: readonly Element[]): void {
    const { top, bottom } = this.#near();
    let beyond = 0;
    for (const anchor of anchors) {
      const rect = anchor.getBoundingClientRect();
      if (rect.bottom >= top && rect.top <= bottom) {
        this.#visible.add(anchor);
        beyond = 0;
      } else if (rect.top > bottom && ++beyond >= FAR_ENOUGH) return;
    }
  }

  /** Near the viewport, in its coordinates: one screen above and below, as the observer's margin. */
  #near(): { height: number; top: number; bottom: number } {
    const height = this.doc.defaultView?.innerHeight ?? 800;
    return { height, top: -height, bottom: 2 * height };
  }

  #schedule(): void {
    if (this.#held) {
      this.#pending = true;
      return;
    }
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh();
    }, REFRESH_MS);
  }

  /** Registers what is near the viewport now and unregisters the rest. */
  refresh(): void {
    this.#pending = false;
    const { height, top, bottom } = this.#near();
    let wanted: FoundTitle[] = [];
    if (this.found.count <= MAX_REGISTERED) {
      // Few enough to register them all: nothing to update on scroll.
      for (const element of this.found.elements()) wanted.push(...this.found.in(element));
    } else
      for (const element of this.#visible) {
        const titles = this.found.in(element);
        if (titles.length <= DENSE) wanted.push(...titles);
        else nearViewport(titles, top, bottom, wanted);
        if (wanted.length > 4 * MAX_REGISTERED) break;
      }
    if (wanted.length > MAX_REGISTERED) {
      const middle = height / 2;
      const distance = (title: FoundTitle) => {
        const rect = title.range.getBoundingClientRect();
        return Math.abs((rect.top + rect.bottom) / 2 - middle);
      };
      wanted = wanted
        .map((title) => ({ title, d: distance(title) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, MAX_REGISTERED)
        .map(({ title }) => title);
    }
    const next = new Set(wanted.filter(paintable));
    for (const title of this.#registered) if (!next.has(title)) this.#highlight.delete(title.range);
    for (const title of next) if (!this.#registered.has(title)) this.#highlight.add(title.range);
    this.#registered = next;
  }

  /**
   * The films of the titles registered now: all of them on a page of up to MAX_REGISTERED
   * titles, else those near the viewport. What the listings prefetch asks for: every film of
   * the 2 MB bench article was thousands of listings, a reply that alone blocked the page.
   */
  filmIds(): Set<string> {
    const ids = new Set<string>();
    for (const title of this.#registered) for (const id of title.filmIds) ids.add(id);
    return ids;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#observer.disconnect();
    this.#highlight.clear();
    this.#registered.clear();
    if (CSS.highlights.get(HIGHLIGHT_NAME) === this.#highlight) CSS.highlights.delete(HIGHLIGHT_NAME);
  }
}

/**
 * Appends the titles of one element (in text order) whose ranges lie between `top` and
 * `bottom`: a binary search for the first, then a walk, so a 5 MB paragraph costs a few
 * dozen rectangle reads, not thousands.
 */
function nearViewport(titles: readonly FoundTitle[], top: number, bottom: number, out: FoundTitle[]): void {
  let lo = 0;
  let hi = titles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const rect = (titles[mid] as FoundTitle).range.getBoundingClientRect();
    if (rect.bottom < top) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo, taken = 0; i < titles.length && taken < MAX_REGISTERED; i++, taken++) {
    const title = titles[i] as FoundTitle;
    if (title.range.getBoundingClientRect().top > bottom) break;
    out.push(title);
  }
}

function paintable(title: FoundTitle): boolean {
  const node = title.nodes[0];
  return !node || node.length <= PAINT_LIMIT;
}
