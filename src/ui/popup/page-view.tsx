import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../core/settings.ts';
import type { FestivalRow, Listing } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { FilmSection } from '../shared/film-section.tsx';
import { t } from '../../browser/i18n.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { send } from '../../browser/send.ts';
import { sendToTab } from '../../browser/tab-messages.ts';
import { timeZoneResolver } from '../../core/time/index.ts';
import { errorText } from '../../core/error-text.ts';

export type PageFilms =
  | { status: 'loading' }
  | { status: 'none' }
  | {
      status: 'done';
      listings: Listing[];
      festivals: FestivalRow[];
      /** Per film key, the text the page named the film by. */
      surfaces: ReadonlyMap<string, string>;
    }
  | { status: 'failed'; error: string };

interface FoundFilms {
  keys: string[];
  surfaces: ReadonlyMap<string, string>;
}

/** The films found in the tab's top frame; null when no Afterparty content script runs there. */
async function askPageFilms(tabId: number): Promise<FoundFilms | null> {
  try {
    const reply = await sendToTab(tabId, 'afterparty:pageFilms', {}, { frameId: 0 });
    return { keys: reply.filmKeys, surfaces: new Map(Object.entries(reply.surfaces)) };
  } catch {
    return null;
  }
}

/** Loads the listings of the films found on a tab; "none" when no content script answers there. */
export function usePageFilms(tabId: number | null | undefined, revision = 0): PageFilms {
  const [state, setState] = useState<PageFilms>({ status: 'loading' });
  useEffect(() => {
    if (tabId === undefined) return;
    (async () => {
      const found = tabId === null ? null : await askPageFilms(tabId);
      if (found === null) return setState({ status: 'none' });
      const answer =
        found.keys.length > 0 ? await send('getListings', { filmKeys: found.keys }) : { listings: [], festivals: [] };
      setState({ status: 'done', ...answer, surfaces: found.surfaces });
    })().catch((error: unknown) => setState({ status: 'failed', error: errorText(error) }));
  }, [tabId, revision]);
  return state;
}

export function PageView({
  page,
  settings,
  saved,
  onSave,
}: {
  page: PageFilms;
  settings: Settings;
  saved: ReadonlyMap<string, SaveStatus>;
  onSave: OnSave;
}) {
  if (page.status === 'loading') return <p class="empty">{t('ui_loading')}</p>;
  if (page.status === 'failed')
    return (
      <p class="error" role="alert">
        {t('ui_couldNotLoad', page.error)}
      </p>
    );
  if (page.status === 'none') return <p class="empty">{t('ui_pageNotScanned')}</p>;
  if (page.listings.length === 0) return <p class="empty">{t('ui_pageNoFilms')}</p>;
  const zoneOf = timeZoneResolver(page.festivals);
  return (
    <div class="page-films">
      {page.listings.map((listing) => (
        <FilmSection
          key={listing.film.key}
          listing={listing}
          pageTitle={page.surfaces.get(listing.film.key)}
          zoneOf={zoneOf}
          zoneChoice={settings.timeZoneShown}
          saved={saved}
          onSave={onSave}
        />
      ))}
    </div>
  );
}
