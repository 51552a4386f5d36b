import type { ComponentChildren } from 'preact';
import type { FilmRow, Listing, FestivalRow } from '../core/rows.ts';
import type { Settings } from '../core/settings.ts';
import { errorText } from '../core/error-text.ts';
import { t } from '../browser/i18n.ts';
import { send } from '../browser/send.ts';
import { answerTab } from '../browser/tab-messages.ts';
import type { CardProps } from '../ui/card/card.tsx';
import { CardData, type ListingSource } from './card-data.ts';
import { warmCardFonts } from './card-fonts.ts';
import { cardPrefetchHold } from './card-prefetch-hold.ts';
import { CardHost } from './card-host.tsx';
import { onDataChange } from './forget-on-change.ts';
import { HoverPointer } from './hover-pointer.ts';
import { mark } from './perf-mark.ts';
import type { LiveSettings } from './live-settings.ts';
import type { FoundTitle } from './page-scan.ts';
import type { TitleHits } from './title-hits.ts';
import { watchTouch } from './touch-card.ts';
import { watchUnderline } from './underline-sheet.ts';

/** The card's content: a title's listings, or why they could not be read. */
interface Shown {
  title: FoundTitle;
  listings: Listing[];
  festivals: FestivalRow[];
  error: string | null;
}

/** What the content script adds to each film in the card (see CardProps): "Not this film", "Add an event". */
export interface CardSlots {
  filmActions?: (film: FilmRow, title: FoundTitle) => ComponentChildren;
}

function rectAtSelection(doc: Document): DOMRect | null {
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return range.getClientRects()[0] ?? (range.collapsed ? null : range.getBoundingClientRect());
}

/**
 * Shows a title's card: on hover (hover-pointer.ts), on a tap (touch-card.ts), and for the title
 * at the selection or caret on the keyboard shortcut, with focus in the card. It closes on
 * Escape, when the pointer leaves, or when the title scrolls out of view. Only trusted pointer,
 * key and scroll events count: a page can dispatch a mousemove at a title, not move the mouse.
 */
export function watchHover(
  hits: TitleHits,
  listings: ListingSource,
  live: LiveSettings,
  signal: AbortSignal,
  slots: CardSlots = {},
): { card: CardHost; warm(title: FoundTitle): void } {
  // The card closes itself when the page tampers with its host.
  const card = new CardHost(document, () => close());
  let settings: Settings = live.current;
  let current: Shown | null = null;
  live.watch((value) => (settings = value));
  watchUnderline(document, live, signal);

  // Drawn while the hover delay runs, so that when it ends the card is only attached and placed.
  const data = new CardData(listings, (title, { listings: shown, festivals, status }) => {
    if (card.isOpen || !worthShowing(shown, null, false)) return;
    data.apply(status);
    card.prerender(propsOf({ title, listings: shown, festivals, error: null }));
  });
  const worthShowing = (shown: Listing[], error: string | null, focus: boolean) =>
    error !== null || focus || settings.showFilmsWithoutListings || shown.some((l) => l.events.length > 0);
  // The plan changed elsewhere (the popup, another browser through sync): an open card shows
  // the statuses as they are now, and the next one does not take what was prepared before.
  onDataChange(() => {
    data.forget();
    if (current) void data.reload(current.listings).then(render);
  }, signal);

  const held = cardPrefetchHold(listings);
  const close = () => {
    pointer.stop();
    current = null;
    card.close();
    held.done();
  };

  // After a save or a reminder: the statuses are read again, or the error shown in the card.
  const afterChange = (change: Promise<unknown>) =>
    change.then(
      () => current && data.reload(current.listings).then(render),
      (error: unknown) => current && ((current.error = errorText(error)), render()),
    );

  // The callbacks are the same functions from one draw to the next, so that a card prerendered
  // with the same content is shown as it is (CardHost.show, sameCard).
  const onSave: CardProps['onSave'] = (eventKey, status) => void afterChange(send('setSaved', { eventKey, status }));
  // The card cannot ask for the notifications permission (a content script has no
  // permissions API): without it the reminder is stored and the card says where to allow it.
  const onRemind = (eventKey: string, remind: boolean) => void afterChange(send('setReminder', { eventKey, remind }));
  const actionsByTitle = new WeakMap<FoundTitle, (film: FilmRow) => ComponentChildren>();
  const filmActionsOf = (title: FoundTitle) => {
    const own = slots.filmActions;
    if (!own) return undefined;
    let actions = actionsByTitle.get(title);
    if (!actions) actionsByTitle.set(title, (actions = (film) => own(film, title)));
    return actions;
  };

  const propsOf = (state: Shown): CardProps => ({
    listings: state.listings,
    festivals: state.festivals,
    surface: state.title.surface,
    error: state.error,
    settings,
    saved: data.saved,
    onSave,
    reminders: { views: data.reminders, onRemind },
    clashes: data.clashes,
    shortcut: data.shortcut,
    now: Date.now(),
    onClose: close,
    filmActions: filmActionsOf(state.title),
  });
  const render = () => current && card.update(propsOf(current));

  const open = async (title: FoundTitle, rect: DOMRect, focus: boolean) => {
    mark('card-open');
    pointer.keepOpen();
    const state: Shown = { title, listings: [], festivals: [], error: null };
    current = state;
    // Prefetched listings answer at once; a slow answer shows "loading" meanwhile.
    const loading = setTimeout(
      () =>
        current === state &&
        card.show(
          rect,
          { listings: [], festivals: [], surface: title.surface, error: null, settings, onClose: close },
          { focus },
        ),
      120,
    );
    try {
      const { listings: found, festivals } = await data.take(title);
      Object.assign(state, { listings: found, festivals });
    } catch (error) {
      state.error = t('ui_couldNotLoadEvents', errorText(error));
    }
    clearTimeout(loading);
    if (current !== state) return;
    // Shown or given up in this task: the prefetch goes on after the card's frame.
    held.done();
    if (!worthShowing(state.listings, state.error, focus)) {
      current = null;
      card.close();
      return;
    }
    // Always re-anchored: the card may still be open on the title hovered before.
    card.show(rect, propsOf(state), { focus: focus && !card.hasFocus });
  };

  const pointer = new HoverPointer({
    hits,
    card,
    settings: () => settings,
    shown: () => current?.title ?? null,
    prepare: (title) => {
      held.resting();
      void data.prepare(title).catch(() => undefined);
      // While the worker answers: the card's fonts, if the idle warm-up has not got to them yet.
      warmCardFonts(title.surface);
    },
    forget: () => {
      data.forget();
      held.done();
    },
    open: (title, rect) => void open(title, rect, false),
    close,
  });
  const fromTouch = watchTouch(hits, card, (title, rect) => void open(title, rect, false), close, signal);
  document.addEventListener('mousemove', (event) => event.isTrusted && !fromTouch(event) && pointer.moved(event), {
    passive: true,
    signal,
  });
  document.addEventListener('keydown', (event) => event.isTrusted && pointer.keyDown(event), { signal });
  // Scrolling moves the card with its title; once the title leaves the viewport, the card closes.
  window.addEventListener(
    'scroll',
    (event) => {
      if (!event.isTrusted || !card.isOpen || !current) return;
      const rect = current.title.range.getClientRects()[0];
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) return close();
      card.move(rect);
    },
    { passive: true, capture: true, signal },
  );

  answerTab(
    'afterparty:openCard',
    async () => {
      const rect = rectAtSelection(document);
      const hit = rect && hits.at(Math.min(rect.left + 1, rect.right), rect.top + rect.height / 2);
      if (!hit) return { opened: false };
      await open(hit.title, hit.rect, true);
      return { opened: true };
    },
    signal,
  );
  /**
   * Draws a title's card once, unseen, while the page is idle: a card's first render (time
   * zones, strings, the components' first run) took 60-140 ms on the bench's machine, which
   * the first hover paid during its delay, often late enough to hold up the card.
   */
  const warm = (title: FoundTitle) =>
    listings.get(title.filmIds).then(
      ({ listings: shown, festivals }) => {
        if (!data.preparing && !card.isOpen)
          card.prerender(propsOf({ title, listings: shown, festivals, error: null }));
      },
      () => undefined,
    );
  signal.addEventListener('abort', close);
  return { card, warm: (title) => void warm(title) };
}
