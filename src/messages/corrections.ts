import type { CorrectionRow } from '../core/rows.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

export interface CorrectionMessages {
  /**
   * "Not this film", from the card in a page. The site is the sending frame's, taken from
   * the sender by the background, never from params: a page can only correct itself.
   */
  addCorrection: {
    params: { filmKey: string; surface: string; everywhere: boolean };
    result: { correction: CorrectionRow };
  };
  /** The corrections for the sending page's site (and everywhere); all of them for our own pages. */
  getCorrections: { params: Record<string, never>; result: { corrections: CorrectionRow[] } };
  /** Every correction with its film's title, newest first (the options page's list). */
  listCorrections: {
    params: Record<string, never>;
    result: { corrections: Array<CorrectionRow & { filmTitle: string | null }> };
  };
  /** Undoes a correction (options page). */
  removeCorrection: { params: { id: string }; result: Record<string, never> };
}

const MAX_KEY = 400;
const MAX_SURFACE = 300;

export const correctionSpecs: SpecsFor<CorrectionMessages> = {
  addCorrection: {
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'addCorrection needs {filmKey, surface, everywhere}';
      const { filmKey, surface, everywhere } = params;
      if (Object.keys(params).some((key) => !['filmKey', 'surface', 'everywhere'].includes(key))) {
        return 'addCorrection takes only filmKey, surface and everywhere';
      }
      if (typeof filmKey !== 'string' || filmKey.length === 0 || filmKey.length > MAX_KEY || !filmKey.includes('/')) {
        return 'addCorrection: filmKey must be a film key like "feed/film"';
      }
      if (typeof surface !== 'string' || surface.trim().length === 0 || surface.length > MAX_SURFACE) {
        return `addCorrection: surface must be the matched text, at most ${MAX_SURFACE} characters`;
      }
      if (typeof everywhere !== 'boolean') return 'addCorrection: everywhere must be true or false';
      return { filmKey, surface, everywhere };
    },
  },
  getCorrections: { validate: noParams('getCorrections') },
  listCorrections: { privileged: true, validate: noParams('listCorrections') },
  removeCorrection: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.id !== 'string' || params.id.length > 2 * MAX_KEY) {
        return 'removeCorrection needs {id: string}';
      }
      return { id: params.id };
    },
  },
};
