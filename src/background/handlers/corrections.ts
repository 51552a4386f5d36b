import {
  addCorrection,
  allCorrections,
  liveFilm,
  liveFilmsOf,
  removeCorrection,
  widenCorrection,
  type AfterpartyDb,
} from '../../db/index.ts';
import type { CorrectionMessages } from '../../messages/index.ts';
import { senderSite } from '../sites/site-of.ts';
import type { HandlersFor } from './types.ts';

export function correctionHandlers({ db }: { db: AfterpartyDb }): HandlersFor<CorrectionMessages> {
  return {
    async addCorrection({ filmKey, surface, everywhere }, from) {
      // From the feed's live slot: after a staged sync a feed's films are in slot b.
      if (!(await liveFilm(db, filmKey))) throw new Error(`addCorrection: no film "${filmKey.slice(0, 80)}"`);
      // Content scripts correct the site they run on; only our own pages have none.
      const extensionPage = from?.extensionPage === true;
      const site = senderSite(from);
      if (!extensionPage && site === null) throw new Error('addCorrection: the sending page has no site');
      if (!extensionPage && everywhere)
        throw new Error('addCorrection: a page corrects its own site; apply it on every site from the options page');
      if (site === null && !everywhere)
        throw new Error('addCorrection: a correction from an extension page applies everywhere');
      return { correction: await addCorrection(db, { filmKey, surface, site: everywhere ? null : site }) };
    },
    async listCorrections() {
      // The corrected films only, by key: every live film was 100,000 rows at issue 28's scale,
      // read each time the options page opened, and a worker stopped meanwhile left the browser
      // serving that read for seconds before the next worker's database could open.
      const rows = await allCorrections(db);
      const films = await liveFilmsOf(
        db,
        rows.map((row) => row.filmKey),
      );
      const titles = new Map(films.map((film) => [film.key, film.title]));
      return { corrections: rows.map((row) => ({ ...row, filmTitle: titles.get(row.filmKey) ?? null })) };
    },
    async widenCorrection({ id }) {
      return { correction: await widenCorrection(db, id) };
    },
    async removeCorrection({ id }) {
      await removeCorrection(db, id);
      return {};
    },
  };
}
