import type { ComponentChildren } from 'preact';
import { keyToHold, underlineCss, type Settings } from '../core/settings.ts';
import type { FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import type { SaveStatus } from '../core/rows.ts';
import type { ReminderView } from '../core/plan/index.ts';
import { t } from '../browser/i18n.ts';
import { send } from '../browser/send.ts';
import type { CardProps } from '../ui/card/card.tsx';
import { CardHost } from './card-host.tsx';
import { isKey, keyHeldIn } from './held-key.ts';
import type { LiveSettings } from './live-settings.ts';
import { answerTab } from '../browser/tab-messages.ts';
import type { FoundTitle } from './page-scan.ts';
import { HIGHLIGHT_NAME } from './title-highlights.ts';
import type { TitleHits } from './title-hits.ts';
import { watchTouch } from './touch-card.ts';
import { onDataChange } from './forget-on-change.ts';
import { errorText } from '../core/error-text.ts';

const CLOSE_DELAY_MS = 250;

export interface ListingSource {
  /** Listings already fetched, or a request for them. */
  get(filmIds: string[]): Promise<{ listings: Listing[]; festivals: FestivalRow[] }>;
}

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

/** The chosen underline, as an adopted sheet: the page gets a style rule, never a node. */
function applyUnderline(doc: Document, settings: Settings, sheet: CSSStyleSheet): void {
  try {
    sheet.replaceSync(
      settings.underlineStyle === 'dotted' ? '' : underlineCss(settings.underlineStyle, HIGHLIGHT_NAME),
    );
    if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch {
    // A content script's constructed sheet may be refused across Firefox's Xray boundary: the
    // manifest's default underline (content.css) stays, and nothing else is affected.
  }
}

function rectAtSelection(doc: Document): DOMRect | null {
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return range.getClientRects()[0] ?? (range.collapsed ? null : range.getBoundingClientRect());
}

/**
 * Opens the card after the hover delay on a title (with the modifier key, if the user chose
 * one), keeps it while the pointer is on the title or the card, and closes it on Escape, when
 * the pointer leaves, or when the title scrolls out of view. The keyboard shortcut opens it
 * for the title at the selection or caret, with focus in the card. Only trusted pointer, key
 * and scroll events count: a page can dispatch a mousemove at a title, not move the mouse.
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
  let saved = new Map<string, SaveStatus>();
  let reminders = new Map<string, ReminderView>();
  let current: Shown | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let pointer = { x: -1, y: -1 };
  const underline = new CSSStyleSheet();

  const fetchSaved = (shown: Listing[]) =>
    send('getSavedStatus', { eventKeys: shown.flatMap((l) => l.events.map((e) => e.key)) }).catch(() => null);
  const applySaved = (answer: Awaited<ReturnType<typeof fetchSaved>>) => {
    if (!answer) return;
    saved = new Map(Object.entries(answer.saved));
    reminders = new Map(Object.entries(answer.reminders));
  };
  const loadSaved = (shown: Listing[]) => fetchSaved(shown).then(applySaved);
  // What a card needs is asked for as soon as the pointer rests on its title, so it is at hand
  // when the hover delay ends rather than one round trip to the worker later.
  let prepared: { title: FoundTitle; ready: ReturnType<typeof fetchFor> } | null = null;
  const fetchFor = (title: FoundTitle) =>
    listings.get(title.filmIds).then(async (answer) => ({ ...answer, status: await fetchSaved(answer.listings) }));
  const prepare = (title: FoundTitle) => {
    if (prepared?.title !== title) {
      const entry = { title, ready: fetchFor(title) };
      prepared = entry;
      // Drawn while the delay runs, so that when it ends the card is only attached and placed.
      entry.ready.then(
        ({ listings: shown, festivals, status }) => {
          if (prepared !== entry || card.isOpen || !worthShowing(shown, null, false)) return;
          applySaved(status);
          card.prerender(propsOf({ title, listings: shown, festivals, error: null }));
        },
        () => undefined,
      );
    }
    return prepared.ready;
  };
  const worthShowing = (shown: Listing[], error: string | null, focus: boolean) =>
    error !== null || focus || settings.showFilmsWithoutListings || shown.some((l) => l.events.length > 0);
  live.watch((value) => {
    settings = value;
    applyUnderline(document, settings, underline);
  });
  // The plan changed elsewhere (the popup, another browser through sync): an open card shows
  // the statuses as they are now, and the next one does not take what was prepared before.
  onDataChange(() => {
    prepared = null;
    if (current) void loadSaved(current.listings).then(render);
  }, signal);

  const close = () => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    current = null;
    card.close();
  };

  // After a save or a reminder: the statuses are read again, or the error shown in the card.
  const afterChange = (change: Promise<unknown>) =>
    change.then(
      () => current && loadSaved(current.listings).then(render),
      (error: unknown) => current && ((current.error = errorText(error)), render()),
    );

  const propsOf = (state: Shown): CardProps => ({
    listings: state.listings,
    festivals: state.festivals,
    surface: state.title.surface,
    error: state.error,
    settings,
    saved,
    onSave: (eventKey, status) => void afterChange(send('setSaved', { eventKey, status })),
    // The card cannot ask for the notifications permission (a content script has no
    // permissions API): without it the reminder is stored and the card says where to allow it.
    reminders: {
      views: reminders,
      onRemind: (eventKey, remind) => void afterChange(send('setReminder', { eventKey, remind })),
    },
    onClose: close,
    filmActions: slots.filmActions && ((film) => slots.filmActions?.(film, state.title)),
  });
  const render = () => current && card.update(propsOf(current));

  const open = async (title: FoundTitle, rect: DOMRect, focus: boolean) => {
    clearTimeout(closeTimer);
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
      const ready = prepare(title);
      prepared = null; // used once: statuses change when the user saves
      const { listings: found, festivals, status } = await ready;
      Object.assign(state, { listings: found, festivals });
      applySaved(status);
    } catch (error) {
      state.error = t('ui_couldNotLoadEvents', errorText(error));
    }
    clearTimeout(loading);
    if (current !== state) return;
    if (!worthShowing(state.listings, state.error, focus)) {
      current = null;
      card.close();
      return;
    }
    // Always re-anchored: the card may still be open on the title hovered before.
    card.show(rect, propsOf(state), { focus: focus && !card.hasFocus });
  };

  /** `since`: when the pointer came to rest there; the hover delay counts from then, not from the next frame. */
  const onPointer = (x: number, y: number, held: boolean, since = performance.now()) => {
    const hit = hits.at(x, y);
    if (card.isOpen && current) {
      const stay = card.contains(x, y) || hit?.title === current.title;
      clearTimeout(closeTimer);
      if (!stay && !card.hasFocus) closeTimer = setTimeout(close, CLOSE_DELAY_MS);
      if (!hit || hit.title === current.title) return;
    }
    clearTimeout(openTimer);
    if (!hit) prepared = null; // asked again next time, in case a save changed the statuses
    if (hit && held) {
      void prepare(hit.title).catch(() => undefined);
      const wait = Math.max(0, settings.hoverDelay - (performance.now() - since));
      openTimer = setTimeout(() => void open(hit.title, hit.rect, false), wait);
    }
  };

  const fromTouch = watchTouch(hits, card, (title, rect) => void open(title, rect, false), close, signal);
  document.addEventListener(
    'mousemove',
    (event) => {
      if (!event.isTrusted || fromTouch(event)) return;
      cancelAnimationFrame(frame);
      pointer = { x: event.clientX, y: event.clientY };
      const held = keyHeldIn(keyToHold(settings), event);
      frame = requestAnimationFrame(() => onPointer(event.clientX, event.clientY, held, event.timeStamp));
    },
    { passive: true, signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted) return;
      if (event.key === 'Escape' && card.isOpen) return close();
      // Pressing the chosen modifier while resting on a title opens its card.
      if (isKey(keyToHold(settings), event) && !card.isOpen) onPointer(pointer.x, pointer.y, true);
    },
    { signal },
  );
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
        if (prepared === null && !card.isOpen)
          card.prerender(propsOf({ title, listings: shown, festivals, error: null }));
      },
      () => undefined,
    );
  signal.addEventListener('abort', () => {
    if (document.adoptedStyleSheets.includes(underline))
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== underline);
    close();
  });
  return { card, warm: (title) => void warm(title) };
}
