// "Events on this page" in the popup's "This page" view: what the current tab describes in
// schema.org JSON-LD, microdata or RDFa Lite, each with "Add this event", and when there are
// several (a festival's programme page), a choice of each and "Add all". The injected snapshot only
// reads text (src/content/page-snapshot.ts); the worker reads it with its matcher (previewPageEvents).
import { useEffect, useState } from 'preact/hooks';
import type { PageEventDraft, PageSnapshot } from '../../core/page-events/index.ts';
import type { UserFilmInput } from '../../core/user-film-input.ts';
import { AddFilmOffer } from './add-film-offer.tsx';
import { inputFromDraft } from '../../core/user-event-input.ts';
import { plural, t } from '../../browser/i18n.ts';
import { kindLabel } from '../shared/labels.ts';
import { readTopFrame } from '../../browser/top-frame.ts';
import { send } from '../../browser/send.ts';
import { fitPageSnapshot, type PageEventPreview } from '../../messages/index.ts';
import { localZone, whenText } from '../shared/when-text.ts';
import { errorText } from '../../core/error-text.ts';
import { PageEventNotes, PageEventsLeftOut } from './page-event-notes.tsx';
import { groupByTitleAndDay, PageEventGroup } from './page-event-group.tsx';

type Found =
  | { status: 'loading' }
  | {
      status: 'done';
      events: PageEventPreview['events'];
      beyond: number;
      skippedScripts: PageEventPreview['skippedScripts'];
      /** Read again, against the catalog as it is now, once the user added a film the page names. */
      retie: () => Promise<Found>;
    }
  | { status: 'failed'; error: string };

/** The reply came from a page's renderer, which a hostile page may have compromised: fitted to the message's limits. */
function askPageEvents(): Promise<PageSnapshot | null> {
  return readTopFrame({ files: ['page-snapshot.js'] }, fitPageSnapshot);
}

async function readDrafts(snapshot: PageSnapshot): Promise<Found> {
  const { events, beyond, skippedScripts } = await send('previewPageEvents', { snapshot });
  return { status: 'done', events, beyond, skippedScripts, retie: () => readDrafts(snapshot) };
}

async function findPageEvents(): Promise<Found> {
  const snapshot = await askPageEvents();
  if (!snapshot) {
    const none: Found = { status: 'done', events: [], beyond: 0, skippedScripts: [], retie: async () => none };
    return none;
  }
  return readDrafts(snapshot);
}

const TITLE_HINTS = {
  work: 'pageEvents_titleFromWork',
  performer: 'pageEvents_titleFromPerformer',
  parent: 'pageEvents_titleFromParent',
  none: 'pageEvents_titleFromNone',
} as const;

type AddState = 'idle' | 'adding' | 'added' | { error: string };

interface OfferProps {
  draft: PageEventDraft;
  /** What the user typed for an event the page gives no name. */
  name: string;
  onName: (name: string) => void;
  filmTitles: string[];
  zone: string;
  state: AddState;
  onAdd: () => void;
  onAddFilm: (film: UserFilmInput) => void;
  /** Titles of the films being added, and why an add failed. */
  filmStates: Map<string, AddState>;
  /** Whether "Add all" takes it; undefined when the page has a single event. */
  chosen?: boolean;
  onChoose: (chosen: boolean) => void;
}

function Offer(props: OfferProps) {
  const { draft, name, onName, filmTitles, zone, state, onAdd, onAddFilm, filmStates, chosen, onChoose } = props;
  const input = inputFromDraft(draft, localZone(), name);
  const label = input.title || t('pageEvents_untitled');
  return (
    <li class="slot-plain page-event">
      <div class={`ap-event${draft.status === 'cancelled' ? ' ap-cancelled' : ''}`}>
        <div class="ap-event-head">
          {chosen !== undefined && state !== 'added' && (
            <input
              type="checkbox"
              checked={chosen}
              onChange={(e) => onChoose((e.currentTarget as HTMLInputElement).checked)}
              aria-label={t('pageEvents_choose', label)}
            />
          )}
          <span class={`ap-kind ap-kind-${draft.kind}`}>{kindLabel(draft.kind)}</span>
          <span class="ap-event-title">{label}</span>
        </div>
        {draft.title === null && state !== 'added' && (
          <label class="page-event-name">
            {t('pageEvents_nameIt')}
            <input
              value={name}
              required
              maxLength={200}
              onInput={(e) => onName((e.currentTarget as HTMLInputElement).value)}
            />
          </label>
        )}
        <div class="ap-when">
          {draft.startUnread ? t('pageEvents_dateUnread', draft.startUnread) : whenText(input.start, input.end, zone)}
        </div>
        {draft.titleFrom !== 'name' && <p class="hint">{t(TITLE_HINTS[draft.titleFrom])}</p>}
        {draft.floating && <p class="hint">{t('events_floating', localZone())}</p>}
        <PageEventNotes notes={draft.notes} />
        {draft.venue && <div>{[draft.venue.name, draft.venue.address].filter(Boolean).join(' — ')}</div>}
        {filmTitles.length > 0 && <p class="slot-films">{t('events_forFilms', filmTitles.join(', '))}</p>}
        {draft.unknownFilms.length > 0 && (
          <>
            <p class="hint">{t('events_unknownFilms', draft.unknownFilms.map((f) => f.title).join(', '))}</p>
            <div class="ap-actions">
              {draft.unknownFilms.map((film) => (
                <AddFilmOffer
                  key={film.title}
                  film={film}
                  state={filmStates.get(film.title) ?? 'idle'}
                  onAdd={onAddFilm}
                />
              ))}
            </div>
          </>
        )}
        {draft.status === 'cancelled' && <p class="ap-clash">{t('events_pageCancelled')}</p>}
        {draft.status === 'moved' && <p class="ap-clash">{t('events_pageMoved')}</p>}
        <div class="ap-actions">
          {state === 'added' ? (
            <span role="status">{t('events_added')}</span>
          ) : (
            <button
              type="button"
              class="ap-button"
              disabled={state === 'adding' || !input.title}
              onClick={onAdd}
              aria-label={t('events_addThisLabel', label)}
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

type Done = Extract<Found, { status: 'done' }>;

function PageEventList({ found, onRetied }: { found: Done; onRetied: (found: Found) => void }) {
  const drafts = found.events.map((e) => e.draft);
  const [filmStates, setFilmStates] = useState<Map<string, AddState>>(new Map());
  const setFilmState = (title: string, state: AddState) => setFilmStates((all) => new Map(all).set(title, state));
  // Each film added, by the title the page gave it, so the user sees it was taken.
  const [addedFilms, setAddedFilms] = useState<string[]>([]);
  const [retieError, setRetieError] = useState<string | null>(null);
  const addFilm = async (film: UserFilmInput) => {
    setFilmState(film.title, 'adding');
    try {
      await send('addUserFilm', { film });
    } catch (error) {
      setFilmState(film.title, { error: errorText(error) });
      return;
    }
    setFilmState(film.title, 'added');
    setAddedFilms((all) => (all.includes(film.title) ? all : [...all, film.title]));
    // The page is read again against the catalog with the film in it: every event that names
    // it ties to it through the matcher, as one naming a feed's film does. A failed read keeps
    // the list as it was, the film added, and says why the events were not read again.
    try {
      onRetied(await found.retie());
      setRetieError(null);
    } catch (error) {
      setRetieError(errorText(error));
    }
  };
  const [states, setStates] = useState<AddState[]>(() => drafts.map(() => 'idle'));
  // A programme page lists dozens: every event is chosen until the user unticks it.
  const [chosen, setChosen] = useState<boolean[]>(() => drafts.map(() => true));
  const [names, setNames] = useState<string[]>(() => drafts.map(() => ''));
  const named = (i: number) => drafts[i]!.title !== null || names[i]!.trim() !== '';
  const setState = (i: number, state: AddState) => setStates((all) => all.map((s, j) => (j === i ? state : s)));
  const add = async (i: number) => {
    setState(i, 'adding');
    try {
      await send('addUserEvent', { event: inputFromDraft(drafts[i]!, localZone(), names[i]) });
      setState(i, 'added');
    } catch (error) {
      setState(i, { error: errorText(error) });
    }
  };
  const waiting = drafts.map((_, i) => i).filter((i) => chosen[i] && states[i] !== 'added' && states[i] !== 'adding');
  // An event the page gives no name waits for the user's: "Add all" takes the others and says so.
  const pending = waiting.filter(named);
  const unnamed = waiting.length - pending.length;
  const addChosen = async () => {
    // One at a time: each is checked and saved by the background like a form's event.
    for (const i of pending) await add(i);
  };
  const several = drafts.length > 1;
  const allChosen = chosen.every(Boolean);
  const added = states.filter((s) => s === 'added').length;
  return (
    <section class="page-films page-events" aria-label={t('events_onPage')}>
      <h2 class="day-heading">{t('events_onPage')}</h2>
      {addedFilms.map((title) => (
        <p key={title} role="status">
          {t('films_addedToMine', title)}
        </p>
      ))}
      {retieError !== null && (
        <p class="error" role="alert">
          {t('events_couldNotRead', retieError)}
        </p>
      )}
      {several && (
        <div class="ap-actions">
          <button type="button" class="ap-button" disabled={pending.length === 0} onClick={() => void addChosen()}>
            {allChosen && unnamed === 0
              ? plural('pageEvents_addAllCount', drafts.length)
              : plural('pageEvents_addChosenCount', pending.length)}
          </button>
          {added > 0 && <span role="status">{t('pageEvents_addedCount', added, drafts.length)}</span>}
          {unnamed > 0 && <span class="hint">{t('pageEvents_needName', unnamed)}</span>}
        </div>
      )}
      <PageEventsLeftOut beyond={found.beyond} skipped={found.skippedScripts} />
      <ul class="day-events">
        {groupByTitleAndDay(drafts).map((indices) => {
          if (indices.length > 1)
            return (
              <PageEventGroup
                key={`g${indices[0]}`}
                drafts={drafts}
                indices={indices}
                filmTitles={found.events[indices[0]!]!.filmTitles}
                zone={found.events[indices[0]!]!.timeZone ?? localZone()}
                chosen={chosen}
                states={states}
                onChoose={(which, on) => setChosen((all) => all.map((c, j) => (which.includes(j) ? on : c)))}
              />
            );
          const i = indices[0]!;
          const draft = drafts[i]!;
          return (
            <Offer
              key={`${i}:${draft.title}`}
              draft={draft}
              name={names[i]!}
              onName={(name) => setNames((all) => all.map((n, j) => (j === i ? name : n)))}
              filmTitles={found.events[i]!.filmTitles}
              zone={found.events[i]!.timeZone ?? localZone()}
              state={states[i]!}
              onAdd={() => void add(i)}
              onAddFilm={(film) => void addFilm(film)}
              filmStates={filmStates}
              chosen={several ? chosen[i] : undefined}
              onChoose={(on) => setChosen((all) => all.map((c, j) => (j === i ? on : c)))}
            />
          );
        })}
      </ul>
    </section>
  );
}

export function PageEventOffer() {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  useEffect(() => {
    findPageEvents().then(setFound, (error: unknown) => setFound({ status: 'failed', error: errorText(error) }));
  }, []);
  if (found.status === 'loading') return null;
  if (found.status === 'failed')
    return (
      <p class="error" role="alert">
        {t('events_couldNotRead', found.error)}
      </p>
    );
  if (found.events.length === 0) {
    // No event to offer, but blocks left out: the page's publisher and the user learn why.
    if (found.skippedScripts.length === 0) return null;
    return (
      <section class="page-films page-events" aria-label={t('events_onPage')}>
        <PageEventsLeftOut beyond={0} skipped={found.skippedScripts} />
      </section>
    );
  }
  return <PageEventList found={found} onRetied={setFound} />;
}
