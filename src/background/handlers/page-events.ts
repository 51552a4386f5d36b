import { readPageEventsReport } from '../../core/page-events/index.ts';
import { liveFestivals } from '../../db/index.ts';
import type { PageEventMessages } from '../../messages/index.ts';
import { filmNames } from './film-names.ts';
import type { CatalogDeps, HandlersFor } from './types.ts';

/** The popup's "Events on this page", read where the matcher is. */
export function pageEventHandlers({ db, ready, titles }: CatalogDeps): HandlersFor<PageEventMessages> {
  return {
    async previewPageEvents({ snapshot }) {
      await ready();
      const [matcher, festivals] = await Promise.all([titles.latestMatcher(), liveFestivals(db)]);
      const { drafts, beyond, skippedScripts } = readPageEventsReport(snapshot, { matcher, festivals });
      const names = await filmNames(
        db,
        drafts.flatMap((draft) => draft.films),
      );
      const zones = new Map(festivals.map((f) => [f.key, f.timeZone]));
      return {
        events: drafts.map((draft) => ({
          draft,
          filmTitles: draft.films.map((key) => names.get(key)).filter((title): title is string => title !== undefined),
          timeZone: (draft.festival && zones.get(draft.festival)) || null,
        })),
        beyond,
        skippedScripts,
      };
    },
  };
}
