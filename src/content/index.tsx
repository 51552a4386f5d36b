// The content script: finds film titles in the page, underlines them and shows their events
// on hover. Its whole life hangs on one AbortSignal, so teardown (the user switching the
// site off, the extension updating) is a single abort().
import { t } from '../browser/i18n.ts';
import { keyToHold } from '../core/settings.ts';
import { errorText } from '../core/error-text.ts';
import { warmCardFonts } from './card-fonts.ts';
import { cardSlots } from './card-slots.tsx';
import { firstText } from './first-text.ts';
import { forgetOnChange } from './forget-on-change.ts';
import { FoundTitles } from './found-titles.ts';
import { warmFirstUnderline, whileLate } from './late-warm.ts';
import { watchHeldKey } from './held-key.ts';
import { watchHover } from './hover-card.ts';
import { listingCache } from './listing-cache.ts';
import { LiveSettings } from './live-settings.ts';
import { MutationRescan } from './mutation-rescan.ts';
import { answerPageFilms } from './page-films.ts';
import { scanPage, type FoundTitle, type ScanSink } from './page-scan.ts';
import { mark } from './perf-mark.ts';
import { rescanRegions } from './region-rescan.ts';
import { ScanStart, type StartAnswers } from './scan-start.ts';
import { withShortForms } from './short-form-find.ts';
import { SiteSwitch } from './site-switch.ts';
import { answerWithoutText } from './textless-answer.ts';
import { Slicer, yieldToPage } from './slices.ts';
import { TitleHighlights } from './title-highlights.ts';
import { TitleHits } from './title-hits.ts';

async function start(signal: AbortSignal, siteSwitch: SiteSwitch, relaunch: () => void): Promise<void> {
  if (!('highlights' in CSS)) return; // No Custom Highlight API: nothing we can underline without touching the page.
  mark('start');
  const answerSwitch = siteSwitch.ask();
  const scan = scanFirst(signal);
  whileLate(scan.begin.answers, () => warmFirstUnderline(document));
  const reply = await scan.begin.answers;
  if (reply.disabled) {
    mark('site-off');
    scan.begin.refuse(new Error('Afterparty is switched off on this site'));
    // Switched off (which stops this run), unless it was switched on again while we asked.
    if (!answerSwitch(true) && !siteSwitch.disabled) relaunch();
    return;
  }
  answerSwitch(false);
  if (signal.aborted) return scan.begin.refuse(signal.reason);
  const page = showTitles(reply, signal);
  scan.attach({ ...page, sink: scanSink(page, scan.rescans) });
  scan.begin.open();
  mark('answers-applied');
  // The first batch's page pass and first underline run in this task's microtasks, now that the
  // batches are open; the hover card's set-up waits for the next task (one task was 53-83 ms,
  // docs/performance.md "the card and the page's tasks").
  await yieldToPage(signal);
  const { card, warm } = watchHover(
    page.hits,
    page.cache,
    page.settings,
    signal,
    cardSlots(page.found, () => card),
  );
  answerPageFilms(page.found, signal);

  await scan.scanning;
  mark('scan-end');
  page.highlights.release();
  scan.rescansMayStart();
  await page.cache.prefetch(page.highlights.filmIds());
  await warmFirstCard(page.found, warm, signal);
}

/** The found-titles store and its readers, once the first reply has brought the settings and corrections. */
interface Page {
  found: FoundTitles;
  settings: LiveSettings;
  highlights: TitleHighlights;
  hits: TitleHits;
  cache: ReturnType<typeof listingCache>;
}

/**
 * Starts the first scan at once (its first batch carries the frame's questions, scan-start.ts)
 * and the watch for changes. What they find waits for `attach`, and shadow roots met before
 * then are kept for it; rescans wait for `rescansMayStart`, since a region the first scan has
 * not reached yet would be found twice.
 */
function scanFirst(signal: AbortSignal) {
  const begin = new ScanStart(signal);
  // Shortened titles are read over the whole page: one reader for the first scan and every rescan.
  const slicer = new Slicer(signal);
  const find = withShortForms(begin.find, slicer);
  let live: (Page & { sink: ScanSink }) | null = null;
  const roots: ShadowRoot[] = [];
  let rescansMayStart = (): void => undefined;
  const initialScan = new Promise<void>((done) => (rescansMayStart = done));
  const rescans = new MutationRescan(async (changed) => {
    await initialScan;
    if (!live) return;
    const { found, highlights, cache, sink } = live;
    await rescanRegions(changed, find, found, sink, signal);
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
  scanning.catch(() => undefined); // awaited once the answers are in
  return {
    begin,
    rescans,
    scanning,
    rescansMayStart: () => rescansMayStart(),
    attach(next: Page & { sink: ScanSink }) {
      live = next;
      for (const root of roots) next.sink.shadowRoot?.(root);
    },
  };
}

/** The store (which applies the "Not this film" corrections on the way in) and its readers. */
function showTitles(reply: Extract<StartAnswers, { disabled: false }>, signal: AbortSignal): Page {
  const found = new FoundTitles(reply.corrections);
  const settings = new LiveSettings(reply.settings, signal);
  const highlights = underline(found, settings, signal);
  const hits = new TitleHits(document, found);
  const cache = listingCache();
  forgetOnChange(cache, signal);
  return { found, settings, highlights, hits, cache };
}

/** The painter, shown unless the setting "Underline titles only while I hold the key" waits for the key. */
function underline(found: FoundTitles, settings: LiveSettings, signal: AbortSignal): TitleHighlights {
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
  return highlights;
}

/** Where the scans write: the first titles show at once, the rest of the first scan is registered at its end. */
function scanSink({ found, highlights, hits }: Page, rescans: MutationRescan): ScanSink {
  let first = true;
  return {
    found: (titles) => {
      found.add(titles);
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
}

/**
 * The card's first render, in idle moments and in four parts, each a task of its own: the time
 * zones' first use (the browser loads its zone data), the string catalog's first read, the card's
 * fonts (card-fonts.ts), then one card drawn unseen. Together they were one task of 66-92 ms
 * (CDP trace).
 */
async function warmFirstCard(
  found: FoundTitles,
  warm: (title: FoundTitle) => void,
  signal: AbortSignal,
): Promise<void> {
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
  // Until a run starts, a frame without text answers the popup itself (textless-answer.ts).
  const waiting = new AbortController();
  const launch = () => {
    waiting.abort();
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
  // Meanwhile the popup is answered (no films; the page's events it reads itself), not left to
  // take silence for a site switched off.
  // (Answering from the start costs one listener, dropped when the run launches: cheaper than
  // a second look for text.)
  answerWithoutText(waiting.signal);
  void firstText(document, new AbortController().signal).then(launch);
}
