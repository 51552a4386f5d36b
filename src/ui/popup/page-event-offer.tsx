// "Events on this page" in the popup's "This page" view: what the current tab describes in
// schema.org JSON-LD or microdata, each with "Add this event". The injected snapshot only
// reads text (src/content/page-snapshot.ts); parsing and film matching happen here.
import { useEffect, useState } from 'preact/hooks';
import { readPageEvents, type PageEventDraft, type PageSnapshot } from '../../core/page-events/index.ts';
import { compileMatcher } from '../../core/matching/index.ts';
import { inputFromDraft } from '../../core/user-event-input.ts';
import { t } from '../../browser/i18n.ts';
import { kindLabel } from '../shared/labels.ts';
import { ext } from '../../browser/ext.ts';
import { isPlainObject } from '../../core/guards.ts';
import { targetTabId } from '../../browser/target-tab.ts';
import { send } from '../../browser/send.ts';
import { localZone, whenText } from '../shared/when-text.ts';

type Found =
  | { status: 'loading' }
  | { status: 'done'; drafts: PageEventDraft[]; films: Map<string, string>; zones: Map<string, string> }
  | { status: 'failed'; error: string };

/** The reply came from a page's renderer, which a hostile page may have compromised: shape only. */
function asSnapshot(value: unknown): PageSnapshot | null {
  return isPlainObject(value) &&
    typeof value.url === 'string' &&
    typeof value.title === 'string' &&
    Array.isArray(value.jsonLd) &&
    Array.isArray(value.microdata)
    ? (value as unknown as PageSnapshot)
    : null;
}

async function askPageEvents(): Promise<PageSnapshot | null> {
  const tabId = await targetTabId();
  if (tabId === null) return null;
  try {
    // The top frame only: any frame may be an ad, a widget or an about:blank frame the page
    // writes, and "Events on this page" must describe the page. Injected on demand (activeTab,
    // granted by opening the popup), so it reads any page, not only those Afterparty runs on.
    const [injection] = await ext.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      files: ['page-snapshot.js'],
    });
    return asSnapshot(injection?.result);
  } catch {
    return null; // A page the extension may not script (the browser's own pages, the store): nothing to read.
  }
}

async function findPageEvents(): Promise<Found> {
  const snapshot = await askPageEvents();
  if (!snapshot) return { status: 'done', drafts: [], films: new Map(), zones: new Map() };
  const [{ films }, { festivals }] = await Promise.all([send('getTitleIndex', {}), send('getSchedule', {})]);
  const drafts = readPageEvents(snapshot, { matcher: films.length > 0 ? compileMatcher(films) : null, festivals });
  return {
    status: 'done',
    drafts,
    films: new Map(films.map((f) => [f.id, f.title])),
    zones: new Map(festivals.map((f) => [f.key, f.timeZone])),
  };
}

const TITLE_HINTS = {
  work: 'pageEvents_titleFromWork',
  performer: 'pageEvents_titleFromPerformer',
  parent: 'pageEvents_titleFromParent',
} as const;

function Offer({ draft, filmTitles, zone }: { draft: PageEventDraft; filmTitles: string[]; zone: string }) {
  const [state, setState] = useState<'idle' | 'adding' | 'added' | { error: string }>('idle');
  const input = inputFromDraft(draft, localZone());
  const add = () => {
    setState('adding');
    send('addUserEvent', { event: input }).then(
      () => setState('added'),
      (error: unknown) => setState({ error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <li class="slot-plain page-event">
      <div class={`ap-event${draft.status === 'cancelled' ? ' ap-cancelled' : ''}`}>
        <div class="ap-event-head">
          <span class={`ap-kind ap-kind-${draft.kind}`}>{kindLabel(draft.kind)}</span>
          <span class="ap-event-title">{draft.title}</span>
        </div>
        <div class="ap-when">{whenText(input.start, input.end, zone)}</div>
        {draft.titleFrom !== 'name' && <p class="hint">{t(TITLE_HINTS[draft.titleFrom])}</p>}
        {draft.floating && <p class="hint">{t('events_floating', localZone())}</p>}
        {draft.venue && <div>{[draft.venue.name, draft.venue.address].filter(Boolean).join(' — ')}</div>}
        {filmTitles.length > 0 && <p class="slot-films">{t('events_forFilms', filmTitles.join(', '))}</p>}
        {draft.unknownFilms.length > 0 && <p class="hint">{t('events_unknownFilms', draft.unknownFilms.join(', '))}</p>}
        {draft.status === 'cancelled' && <p class="ap-clash">{t('events_pageCancelled')}</p>}
        {draft.status === 'moved' && <p class="ap-clash">{t('events_pageMoved')}</p>}
        <div class="ap-actions">
          {state === 'added' ? (
            <span role="status">{t('events_added')}</span>
          ) : (
            <button
              type="button"
              class="ap-button"
              disabled={state === 'adding'}
              onClick={add}
              aria-label={t('events_addThisLabel', draft.title)}
            >
              {t('events_addThis')}
            </button>
          )}
          {typeof state === 'object' && (
            <span class="error" role="alert">
              {t('events_couldNotSave', state.error)}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

export function PageEventOffer() {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  useEffect(() => {
    findPageEvents().then(setFound, (error: unknown) =>
      setFound({ status: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  if (found.status === 'loading') return null;
  if (found.status === 'failed')
    return (
      <p class="error" role="alert">
        {t('events_couldNotRead', found.error)}
      </p>
    );
  if (found.drafts.length === 0) return null;
  return (
    <section class="page-films page-events" aria-label={t('events_onPage')}>
      <h2 class="day-heading">{t('events_onPage')}</h2>
      <ul class="day-events">
        {found.drafts.map((draft, i) => (
          <Offer
            key={`${i}:${draft.title}`}
            draft={draft}
            filmTitles={draft.films.map((k) => found.films.get(k)).filter((x): x is string => !!x)}
            zone={(draft.festival && found.zones.get(draft.festival)) || localZone()}
          />
        ))}
      </ul>
    </section>
  );
}
