import { containsPoint } from '../core/place-card.ts';
import type { FoundTitles } from './found-titles.ts';
import type { FoundTitle } from './page-scan.ts';

/**
 * Finds the found title under a point: the caret position there names a text node, and only
 * the titles covering that node are measured. Every title found can be hit, painted or not.
 */
export class TitleHits {
  readonly #byNode = new Map<Node, FoundTitle[]>();

  readonly #shadowRoots: ShadowRoot[] = [];

  constructor(
    private readonly doc: Document,
    found: FoundTitles,
  ) {
    found.watch({
      added: (titles) => {
        // Any text node a title covers finds it under the pointer.
        for (const title of titles)
          for (const node of title.nodes) this.#byNode.get(node)?.push(title) ?? this.#byNode.set(node, [title]);
      },
      removed: (titles) => {
        for (const title of titles) {
          for (const node of title.nodes) {
            const list = this.#byNode.get(node)?.filter((t) => t !== title);
            if (list?.length) this.#byNode.set(node, list);
            else this.#byNode.delete(node);
          }
        }
      },
    });
  }

  /** Open shadow roots holding titles: the caret lookup must be told to look inside them. */
  addShadowRoot(root: ShadowRoot): void {
    if (!this.#shadowRoots.includes(root)) this.#shadowRoots.push(root);
  }

  /** The title under the pointer, if the pointer is really on its text (not just nearest to it). */
  at(x: number, y: number): { title: FoundTitle; rect: DOMRect } | null {
    const node = caretNodeAt(this.doc, x, y, this.#shadowRoots);
    if (!node) return null;
    for (const title of this.#byNode.get(node) ?? []) {
      for (const rect of title.range.getClientRects()) {
        if (containsPoint(rect, x, y)) return { title, rect };
      }
    }
    return null;
  }
}

function caretNodeAt(doc: Document, x: number, y: number, shadowRoots: ShadowRoot[]): Node | null {
  if (typeof doc.caretPositionFromPoint === 'function') {
    // Without the shadow roots named, the caret is retargeted to their host.
    const at = (
      doc.caretPositionFromPoint as (
        x: number,
        y: number,
        options?: { shadowRoots: ShadowRoot[] },
      ) => CaretPosition | null
    )(x, y, { shadowRoots });
    return at?.offsetNode ?? null;
  }
  // Chrome before 128 has only the WebKit form.
  return (
    (doc as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null }).caretRangeFromPoint?.(x, y)
      ?.startContainer ?? null
  );
}
