import type { CorrectionRow } from '../core/rows.ts';
import { bool, field, guard, keys, matches, obj, reword, text } from '../core/check.ts';
import { checkParams, noParams, objectParams, type SpecsFor } from './spec.ts';

export interface CorrectionMessages {
  /**
   * "Not this film", from the card in a page. The site is the sending frame's, taken from
   * the sender by the background, never from params; `everywhere` only from our own pages
   * (a page that could hide a film on every site would not be correcting itself).
   */
  addCorrection: {
    params: { filmKey: string; surface: string; everywhere: boolean };
    result: { correction: CorrectionRow };
  };
  /** Every correction with its film's title, newest first (the options page's list). */
  listCorrections: {
    params: Record<string, never>;
    result: { corrections: Array<CorrectionRow & { filmTitle: string | null }> };
  };
  /** A site's correction applied on every site instead (options page). */
  widenCorrection: { params: { id: string }; result: { correction: CorrectionRow } };
  /** Undoes a correction (options page). */
  removeCorrection: { params: { id: string }; result: Record<string, never> };
}

const MAX_KEY = 400;
const MAX_SURFACE = 300;

const CORRECTION_FIELDS = ['filmKey', 'surface', 'everywhere'];
const FILM_KEY = matches(/\//, 'must be a film key like "feed/film"', MAX_KEY);
const SURFACE = guard(
  (v): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= MAX_SURFACE,
  `must be the matched text, at most ${MAX_SURFACE} characters`,
);

export const correctionSpecs: SpecsFor<CorrectionMessages> = {
  addCorrection: {
    changes: true,
    validate: objectParams('addCorrection', 'needs {filmKey, surface, everywhere}', (get, params) => {
      keys([], 'takes only filmKey, surface and everywhere', CORRECTION_FIELDS)(params, '');
      return {
        filmKey: get('filmKey', FILM_KEY),
        surface: get('surface', SURFACE),
        everywhere: get('everywhere', bool),
      };
    }),
  },
  listCorrections: { privileged: true, validate: noParams('listCorrections') },
  widenCorrection: {
    privileged: true,
    changes: true,
    validate: checkParams(
      'widenCorrection',
      reword((v, path) => ({ id: field(obj(v, path), 'id', text(2 * MAX_KEY), path) }), 'needs {id: string}'),
    ),
  },
  removeCorrection: {
    privileged: true,
    changes: true,
    validate: checkParams(
      'removeCorrection',
      reword((v, path) => ({ id: field(obj(v, path), 'id', text(2 * MAX_KEY), path) }), 'needs {id: string}'),
    ),
  },
};
