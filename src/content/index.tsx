// The content script: finds film titles in the page, underlines them and shows their events
// on hover. Its whole life hangs on one AbortSignal, so teardown (the user switching the
// site off, the extension updating) is a single abort().
import { t } from '../browser/i18n.ts';
import { send } from '../browser/send.ts';
import { AddEventButton } from './add-event-button.tsx';
import { warmCardFonts } from './card-fonts.ts';
import { keyToHold } from '../core/settings.ts';
import { firstText } from './first-text.ts';
import { forgetOnChange } from './forget-on-change.ts';
import { FoundTitles } from './found-titles.ts';
import { watchHeldKey } from './held-key.ts';
import { watchHover, type CardSlots } from './hover-card.ts';
import { listingCache } from './listing-cache.ts';
import { LiveSettings } from './live-settings.ts';
import { composedContains, MutationRescan } from './mutation-rescan.ts';
import { NotThisFilm } from './not-this-film.tsx';
import { answerPageFilms } from './page-films.ts';
import { scanPage, type FindTitles, type FoundTitle, type ScanSink } from './page-scan.ts';
import { ScanStart } from './scan-start.ts';
import { withShortForms } from './short-form-find.ts';
import { SiteSwitch } from './site-switch.ts';
import { Slicer } from './slices.ts';
import { TitleHighlights } from './title-highlights.ts';
import { TitleHits } from './title-hits.ts';
import { errorText } from '../core/error-text.ts';

/** Titles stored per slice when a rescan replaces a region's titles. */
const ADD_BATCH = 500;

/**
 * Development builds mark the scan on the page's performance timeline, for tests and benchmarks
 * (bench/chromium.bench.ts), with the JavaScript heap in use where the browser tells it.
 */
function mark(name: string): void {
  if (process.env.NODE_ENV !== 'production') {
    const heap = (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    performance.mark(`afterparty:${name}`, { detail: { heap } });
  }
}

async function start(signal: AbortSignal, siteSwitch: SiteSwitch, relaunch: () => void): Promise<void> {
  if (!('highlights' in CSS)) return; // No Custom Highlight API: nothing we can underline without touching the page.
  mark('start');
  // The scan starts at once: its first batch carries the frame's questions (scan-start.ts).
  const answerSwitch = siteSwitch.ask();
  const begin = new ScanStart(signal);
  // Shortened titles are read over the whole page: one reader for the first scan and every rescan.
  const slicer = new Slicer(signal);
  const find = withShortForms(begin.find, slicer);

  // Filled in once the first reply is in: the store (with the corrections), its prefetch and
  // what the scans write into; shadow roots met before then are kept for it.
  let live: {
    found: FoundTitles;
    highlights: TitleHighlights;
    cache: ReturnType<typeof listingCache>;
    sink: ScanSink;
  } | null = null;
  const roots: ShadowRoot[] = [];
  let scanned = (): void => undefined;
  const initialScan = new Promise<void>((done) => (scanned = done));
  // Rescans wait for the first scan: a region it has not reached yet would be found twice.
  const rescans = new MutationRescan(async (changed) => {
    await initialScan;
    if (!live) return;
    const { found, highlights, cache, sink } = live;
    await rescan(changed, find, found, sink, signal);
    await cache.prefetch(highlights.filmIds());
  }, signal);
  // Watching starts before the scan: what changes while we scan is rescanned afterwards.
  rescans.watch(document);
  mark('scan-start');
  const scanning = scanPage(document.body ?? document.documentElement, find, slicer, {
    found: (titles) => live?.sink.found(titles),
    shadowRoot: (root) => (live ? live.sink.shadowRoot?.(root) : roots.push(root)),
  }).then(async () => {
    if (!begin.asked) await begin.find([]); // the text went before a batch was sent: the questions still need asking
  });
  scanning.catch(() => undefined); // awaited below once the answers are in

  const reply = await begin.answers;
  if (reply.disabled) {
    mark('site-off');
    begin.refuse(new Error('Afterparty is switched off on this site'));
    // Switched off (which stops this run), unless it was switched on again while we asked.
    if (!answerSwitch(true) && !siteSwitch.disabled) relaunch();
    return;
  }
  answerSwitch(false);
  if (signal.aborted) return begin.refuse(signal.reason);
  // The scans write what they find here; "Not this film" corrections are applied on the way in.
  const found = new FoundTitles(reply.corrections);
  const settings = new LiveSettings(reply.settings, signal);
  let keyHeld = false;
  const shown = () => !settings.current.underlineOnlyWithKey || keyHeld;
  const highlights = new TitleHighlights(document, found, signal, { shown: shown() });
  settings.watch(() => highlights.setShown(shown()));
  watchHeldKey(
    () => keyToHold(settings.current),
    (held) => {
      keyHeld = held;
      highlights.setShown(shown());
    },
    signal,
  );
  const hits = new TitleHits(document, found);
  const cache = listingCache();
  forgetOnChange(cache, signal);

  let first = true;
  const sink: ScanSink = {
    found: (titles) => {
      found.add(titles);
      // The first titles show at once; the rest of the first scan is registered at its end.
      if (first && found.count > 0) {
        first = false;
        highlights.refresh();
        mark('first-underline');
        highlights.hold();
      }
    },
    shadowRoot: (root) => {
      hits.addShadowRoot(root);
      rescans.watch(root);
    },
  };
  live = { found, highlights, cache, sink };
  for (const root of roots) sink.shadowRoot?.(root);

  const hide = (filmKey: string, surface: string, everywhere: boolean) =>
    send('addCorrection', { filmKey, surface, everywhere }).then(
      ({ correction }) => found.correct(correction),
      (error: unknown) => console.warn('Afterparty:', errorText(error)),
    );
  const slots: CardSlots = {
    filmActions: (film, title) => (
      <>
        <NotThisFilm
          filmTitle={film.title}
          onChoose={(everywhere) => {
            card.close();
            void hide(film.key, title.surface, everywhere);
          }}
        />
        <AddEventButton
          filmTitle={film.title}
          onAdd={() => {
            card.close();
            send('openAddEvent', { filmKey: film.key }).catch((error: unknown) =>
              console.warn('Afterparty:', errorText(error)),
            );
          }}
        />
      </>
    ),
  };
  const { card, warm } = watchHover(hits, cache, settings, signal, slots);
  answerPageFilms(found, signal);
  begin.open();

  await scanning;
  mark('scan-end');
  highlights.release();
  scanned();
  await cache.prefetch(highlights.filmIds());
  // The card's first render, in idle moments and in four parts, each a task of its own: the
  // time zones' first use (the browser loads its zone data), the string catalog's first read,
  // the card's fonts (card-fonts.ts), then one card drawn unseen. Together they were one task
  // of 66-92 ms (CDP trace).
  const [anchor] = found.elements();
  const title = anchor && found.in(anchor)[0];
  if (!title) return;
  await idle(() => Intl.DateTimeFormat().resolvedOptions());
  await idle(() => t('ui_loadingFor', title.surface));
  await idle(() => warmCardFonts(title.surface));
  if (!signal.aborted) await idle(() => warm(title));
}

/** Runs `work` when the page is idle (within a second). */
function idle<T>(work: () => T): Promise<T> {
  return new Promise((done) => requestIdleCallback(() => done(work()), { timeout: 1_000 }));
}

/** Rescans changed regions: their titles are replaced once the new ones are found, so nothing flickers. */
async function rescan(
  roots: Node[],
  matcher: FindTitles,
  found: FoundTitles,
  sink: ScanSink,
  signal: AbortSignal,
): Promise<void> {
  const slicer = new Slicer(signal);
  const live = roots.filter((root) => root.isConnected);
  const fresh: FoundTitle[] = [];
  for (const root of live) {
    await scanPage(root, matcher, slicer, {
      found: (titles) => fresh.push(...titles),
      shadowRoot: sink.shadowRoot,
    });
  }
  await slicer.pause();
  found.removeElements((anchor) => !anchor.isConnected || live.some((root) => composedContains(root, anchor)));
  for (let i = 0; i < fresh.length; i += ADD_BATCH) {
    found.add(fresh.slice(i, i + ADD_BATCH));
    if (i + ADD_BATCH < fresh.length) await slicer.pause();
  }
  mark('rescan-end');
}

// One instance per frame: the popup may inject us again into a tab where we already run, and
// a site the user added may also be in the manifest. Each injection runs this bundle anew in
// the same isolated world, so the mark must outlive the bundle's scope: a property of our
// world's global, keyed by a registered symbol both runs share. Not a string-named property:
// `<div id="afterpartyContent">` makes `window.afterpartyContent` truthy in every world (DOM
// clobbering) and kept Afterparty off; named properties of a window are never symbols, and the
// page's world cannot write to ours.
const RUNNING = Symbol.for('afterparty.content');
if (!Object.prototype.hasOwnProperty.call(globalThis, RUNNING)) {
  Object.defineProperty(globalThis, RUNNING, { value: true });
  let run: AbortController | null = null;
  const launch = () => {
    run?.abort();
    const controller = new AbortController();
    run = controller;
    start(controller.signal, siteSwitch, launch).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('Afterparty:', errorText(error));
    });
  };
  const stop = () => {
    run?.abort();
    run = null;
  };
  const siteSwitch = new SiteSwitch((disabled) => (disabled ? stop() : launch()));
  // A frame without text (an ad slot, a blank iframe) asks the background nothing until text
  // arrives. Otherwise the first batch leaves at once, in the task that evaluated this script:
  // started a task later, it waited behind the 2 MB article's first layout (300-700 ms) and
  // its underlines missed the page's first paint (bench/chromium.bench.ts, 40 against 160 ms).
  void firstText(document, new AbortController().signal).then(launch);
}
