// The words of a block as the evidence rules read them: folded words for the word lists,
// original spans for letter case and layout. token-table.ts's TokenTable is one; evidence.ts
// makes one from folded text for the reference matcher.

/** The words of a block with their original UTF-16 spans. */
export interface TokenView {
  readonly count: number;
  /** Folded word `k`. */
  word(k: number): string;
  readonly starts: ArrayLike<number>;
  readonly ends: ArrayLike<number>;
  /**
   * The word classes (WORD_CLASS, word-classes.ts) of word `k`, for the lexicon the caller
   * passes as `minor`, read from a table rather than from the word; -1 where the view has none.
   */
  wordClass?(k: number): number;
}

export const startAt = (view: TokenView, k: number): number => view.starts[k] ?? 0;
export const endAt = (view: TokenView, k: number): number => view.ends[k] ?? 0;
