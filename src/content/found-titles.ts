import { CorrectionFilter, type CorrectionLike } from './correction-filter.ts';
import type { FoundTitle } from './page-scan.ts';

/** Hears what the store gains and loses: the painter and the hit tester keep their indexes by it. */
export interface FoundTitlesWatcher {
  /** Titles just stored; `anchors` are the elements that held none before. */
  added(titles: readonly FoundTitle[], anchors: readonly Element[]): void;
  /** Titles dropped; `anchors` are the elements left with none. */
  removed(titles: readonly FoundTitle[], anchors: readonly Element[]): void;
}

/**
 * Every title found on the page, by the element its text starts in, in text order within
 * each element. The scans write here; the painter, the hit tester, the prefetch and the
 * popup's "This page" read from here. The user's "Not this film" corrections are applied
 * here only, on the way in and when a new one is made, so every reader sees the same titles.
 */
export class FoundTitles {
  readonly #byElement = new Map<Element, FoundTitle[]>();
  readonly #filter: CorrectionFilter;
  readonly #watchers: FoundTitlesWatcher[] = [];
  #count = 0;

  constructor(corrections: Iterable<CorrectionLike> = []) {
    this.#filter = new CorrectionFilter(corrections);
  }

  watch(watcher: FoundTitlesWatcher): void {
    this.#watchers.push(watcher);
  }

  /** Stores the titles the corrections leave, their film lists trimmed. */
  add(titles: FoundTitle[]): void {
    const kept = this.#filter.apply(titles);
    if (kept.length === 0) return;
    const anchors: Element[] = [];
    for (const title of kept) {
      const list = this.#byElement.get(title.anchor);
      if (list) list.push(title);
      else {
        this.#byElement.set(title.anchor, [title]);
        anchors.push(title.anchor);
      }
    }
    this.#count += kept.length;
    for (const watcher of this.#watchers) watcher.added(kept, anchors);
  }

  /** Forgets the titles held by the elements `drop` picks (rescanned or removed from the page). */
  removeElements(drop: (anchor: Element) => boolean): void {
    const titles: FoundTitle[] = [];
    const anchors: Element[] = [];
    for (const [anchor, list] of this.#byElement) {
      if (!drop(anchor)) continue;
      this.#byElement.delete(anchor);
      anchors.push(anchor);
      for (const title of list) titles.push(title);
    }
    this.#removed(titles, anchors);
  }

  /**
   * A new "Not this film": the titles it concerns keep only their other films, and those left
   * with none are forgotten. The film lists are trimmed in place, so a reader holding a title
   * (the open card) sees the change too.
   */
  correct(correction: CorrectionLike): void {
    this.#filter.add(correction);
    const titles: FoundTitle[] = [];
    const anchors: Element[] = [];
    for (const [anchor, list] of this.#byElement) {
      const kept = list.filter((title) => {
        const left = this.#filter.filmsFor(title.surface, title.filmIds);
        title.filmIds = left; // the same films, or fewer
        if (left.length > 0) return true;
        titles.push(title);
        return false;
      });
      if (kept.length === list.length) continue;
      if (kept.length > 0) this.#byElement.set(anchor, kept);
      else {
        this.#byElement.delete(anchor);
        anchors.push(anchor);
      }
    }
    this.#removed(titles, anchors);
  }

  #removed(titles: FoundTitle[], anchors: Element[]): void {
    if (titles.length === 0) return;
    this.#count -= titles.length;
    for (const watcher of this.#watchers) watcher.removed(titles, anchors);
  }

  /** Every title found. */
  get count(): number {
    return this.#count;
  }

  /** The elements holding titles. */
  elements(): IterableIterator<Element> {
    return this.#byElement.keys();
  }

  /** The titles an element holds, in text order. */
  in(anchor: Element): readonly FoundTitle[] {
    return this.#byElement.get(anchor) ?? [];
  }

  /** The keys of every film found, each once. */
  filmIds(): Set<string> {
    const ids = new Set<string>();
    for (const list of this.#byElement.values()) for (const title of list) for (const id of title.filmIds) ids.add(id);
    return ids;
  }
}
