// The film picker's search as the user types: asked a moment after the last keystroke, and an
// answer is shown only if nothing was typed since it was asked, so a slow answer to "ca" never
// replaces the one to "caf" that came first.

/** How long after a keystroke the search is sent: one request for a word typed at speed. */
export const TYPED_SEARCH_DELAY_MS = 120;

export interface TypedSearch {
  /** The text is now this: the answer for it (or nothing, for an empty text) goes to `show`. */
  typed(text: string): void;
  /** Nothing more is shown (the picker is gone). */
  stop(): void;
}

export function typedSearch<T>(
  search: (text: string) => Promise<T[]>,
  show: (found: T[]) => void,
  delay = TYPED_SEARCH_DELAY_MS,
): TypedSearch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  return {
    typed(text) {
      clearTimeout(timer);
      const turn = ++asked;
      if (!text.trim()) return show([]);
      timer = setTimeout(() => {
        search(text).then(
          (found) => turn === asked && show(found),
          () => turn === asked && show([]),
        );
      }, delay);
    },
    stop() {
      clearTimeout(timer);
      asked++;
    },
  };
}
