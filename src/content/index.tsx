// The content script: finds film titles in the page, underlines them and shows their events
// on hover. Its whole life hangs on one AbortSignal, so teardown (the user switching the
// site off, the extension updating) is a single abort().
import { send } from '../browser/send.ts';
import { AddEventButton } from './add-event-button.tsx';
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
import { withShortForms } from './short-form-find.ts';
import { watchSiteSwitch } from './site-switch.ts';
import { Slicer } from './slices.ts';
import { TitleHighlights } from './title-highlights.ts';
import { TitleHits } from './title-hits.ts';

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

async function start(signal: AbortSignal): Promise<void> {
  if (!('highlights' in CSS)) return; // No Custom Highlight API: nothing we can underline without touching the page.
  mark('start');
  // Settings first: with "underline only with the key" no highlight may be registered before it is held.
  const [{ corrections }, initialSettings] = await Promise.all([send('getCorrections', {}), send('getSettings', {})]);
  if (signal.aborted) return;
  // The matcher is the background's, built once per data revision for every frame (docs/architecture.md).
  const matcher: FindTitles = async (blocks) => {
    const asked = performance.now();
    const { matches } = await send('findTitles', { blocks });
    if (process.env.NODE_ENV !== 'production') performance.measure('afterparty:batch', { start: asked });
    return matches;
  };
  mark('scan-start');
  // The scans write what they find here; "Not this film" corrections are applied on the way in.
  const found = new FoundTitles(corrections);
  const settings = new LiveSettings(initialSettings, signal);
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

  // Shortened titles are read over the whole page: one reader for the first scan and every rescan.
  const find = withShortForms(matcher);
  let scanned = (): void => undefined;
  const initialScan = new Promise<void>((done) => (scanned = done));
  // Rescans wait for the first scan: a region it has not reached yet would be found twice.
  const rescans = new MutationRescan(
    async (roots) => (
      await initialScan,
      rescan(roots, find, found, sink, signal).then(() => cache.prefetch(found.filmIds()))
    ),
    signal,
  );
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
  // Watching starts before the scan: what changes while we scan is rescanned afterwards.
  rescans.watch(document);

  const hide = (filmKey: string, surface: string, everywhere: boolean) =>
    send('addCorrection', { filmKey, surface, everywhere }).then(
      ({ correction }) => found.correct(correction),
      (error: unknown) => console.warn('Afterparty:', error instanceof Error ? error.message : error),
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
              console.warn('Afterparty:', error instanceof Error ? error.message : error),
            );
          }}
        />
      </>
    ),
  };
  const card = watchHover(hits, cache, settings, signal, slots);
  answerPageFilms(found, signal);

  await scanPage(document.body ?? document.documentElement, find, new Slicer(signal), sink);
  mark('scan-end');
  highlights.release();
  scanned();
  await cache.prefetch(found.filmIds());
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
    start(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('Afterparty:', error instanceof Error ? error.message : error);
    });
  };
  const stop = () => {
    run?.abort();
    run = null;
  };
  // A frame without text (an ad slot, a blank iframe) asks the background nothing until text arrives.
  void firstText(document, new AbortController().signal).then(() =>
    watchSiteSwitch(location.hostname, (disabled) => (disabled ? stop() : launch())).then(
      (disabled) => disabled || launch(),
      () => launch(),
    ),
  );
}
