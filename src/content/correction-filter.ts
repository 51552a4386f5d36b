import { normalizeTitle } from '../core/matching/index.ts';

export interface CorrectionLike {
  filmKey: string;
  /** Normalised matched text (normalizeTitle). */
  surface: string;
}

/**
 * The user's "Not this film" corrections that apply to this page: a match keeps only the
 * films not corrected away for its text, and disappears when none is left.
 */
export class CorrectionFilter {
  readonly #hidden = new Map<string, Set<string>>();

  constructor(corrections: Iterable<CorrectionLike> = []) {
    for (const correction of corrections) this.add(correction);
  }

  add({ filmKey, surface }: CorrectionLike): void {
    const key = normalizeTitle(surface);
    const films = this.#hidden.get(key);
    if (films) films.add(filmKey);
    else this.#hidden.set(key, new Set([filmKey]));
  }

  /** The films still offered for this matched text. */
  filmsFor(surface: string, filmIds: string[]): string[] {
    if (this.#hidden.size === 0) return filmIds;
    const hidden = this.#hidden.get(normalizeTitle(surface));
    return hidden ? filmIds.filter((id) => !hidden.has(id)) : filmIds;
  }

  /** The matches left after corrections, with their film lists trimmed. */
  apply<T extends { surface: string; filmIds: string[] }>(matches: T[]): T[] {
    if (this.#hidden.size === 0) return matches;
    const out: T[] = [];
    for (const match of matches) {
      const filmIds = this.filmsFor(match.surface, match.filmIds);
      if (filmIds.length === match.filmIds.length) out.push(match);
      else if (filmIds.length > 0) out.push({ ...match, filmIds });
    }
    return out;
  }
}
