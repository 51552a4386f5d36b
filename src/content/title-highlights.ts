import { containsPoint } from '../core/place-card.ts';
import type { FoundTitle } from './page-scan.ts';

export const HIGHLIGHT_NAME = 'afterparty-film';

/**
 * Underlines found titles with the CSS Custom Highlight API: no page node is wrapped or
 * changed, so pages that diff or re-render their DOM never fight us.
 */
export class TitleHighlights {
  #byNode = new Map<Node, FoundTitle[]>();
  readonly #highlight = new Highlight();

  constructor() {
    CSS.highlights.set(HIGHLIGHT_NAME, this.#highlight);
  }

  replace(titles: FoundTitle[]): void {
    this.#highlight.clear();
    this.#byNode.clear();
    for (const title of titles) {
      this.#highlight.add(title.range);
      // A title split over inline elements spans several text nodes; any of them finds it.
      const walker = title.range.startContainer === title.range.endContainer ? [title.range.startContainer] : this.#nodesIn(title.range);
      for (const node of walker) this.#byNode.get(node)?.push(title) ?? this.#byNode.set(node, [title]);
    }
  }

  #nodesIn(range: Range): Node[] {
    const nodes: Node[] = [];
    const doc = range.startContainer.ownerDocument;
    if (!doc) return [range.startContainer];
    const walker = doc.createTreeWalker(range.commonAncestorContainer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (range.intersectsNode(node)) nodes.push(node);
    }
    return nodes.length > 0 ? nodes : [range.startContainer];
  }

  /** The title under the pointer, if the pointer is really on its text (not just nearest to it). */
  at(x: number, y: number): { title: FoundTitle; rect: DOMRect } | null {
    const node = caretNodeAt(document, x, y);
    if (!node) return null;
    for (const title of this.#byNode.get(node) ?? []) {
      for (const rect of title.range.getClientRects()) {
        if (containsPoint(rect, x, y)) return { title, rect };
      }
    }
    return null;
  }

  get size(): number {
    return this.#highlight.size;
  }

  dispose(): void {
    this.#highlight.clear();
    if (CSS.highlights.get(HIGHLIGHT_NAME) === this.#highlight) CSS.highlights.delete(HIGHLIGHT_NAME);
  }
}

function caretNodeAt(doc: Document, x: number, y: number): Node | null {
  if (typeof doc.caretPositionFromPoint === 'function') return doc.caretPositionFromPoint(x, y)?.offsetNode ?? null;
  // Chrome before 128 has only the WebKit form.
  return (doc as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null }).caretRangeFromPoint?.(x, y)?.startContainer ?? null;
}
