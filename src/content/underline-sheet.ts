import { underlineCss, type Settings } from '../core/settings.ts';
import type { LiveSettings } from './live-settings.ts';
import { HIGHLIGHT_NAME } from './title-highlights.ts';

type Unwrap = <T>(value: T) => T;

/**
 * Firefox's content scripts see the page's `adoptedStyleSheets` through an Xray that hides the
 * array's contents and methods (`includes` is undefined, it is not iterable) and refuses an
 * assignment ("Accessing from Xray wrapper is not supported"). Unwrapped, it is the browser's own
 * ObservableArray: its index and length traps are native, so the content script's own Array methods
 * (never the page's, which a page may patch) read and change it there. Chromium has no
 * XPCNativeWrapper and keeps the plain path.
 */
const xpc = (globalThis as { XPCNativeWrapper?: { unwrap: Unwrap } }).XPCNativeWrapper;
const unwrap: Unwrap | null = xpc ? (value) => xpc.unwrap(value) : null;

function adopt(doc: Document, sheet: CSSStyleSheet): void {
  if (unwrap) {
    const list = unwrap(doc.adoptedStyleSheets);
    // The array holds the page's own sheet, so the comparison is with the unwrapped one.
    if (Array.prototype.indexOf.call(list, unwrap(sheet)) < 0) Array.prototype.push.call(list, sheet);
  } else if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

function drop(doc: Document, sheet: CSSStyleSheet): void {
  if (unwrap) {
    const list = unwrap(doc.adoptedStyleSheets);
    const at = Array.prototype.indexOf.call(list, unwrap(sheet));
    if (at >= 0) Array.prototype.splice.call(list, at, 1);
  } else if (doc.adoptedStyleSheets.includes(sheet))
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
}

/** The chosen underline, as an adopted sheet: the page gets a style rule, never a node. */
function applyUnderline(doc: Document, settings: Settings, sheet: CSSStyleSheet): void {
  try {
    sheet.replaceSync(
      settings.underlineStyle === 'dotted' ? '' : underlineCss(settings.underlineStyle, HIGHLIGHT_NAME),
    );
    adopt(doc, sheet);
  } catch {
    // Should the browser refuse the sheet all the same, the manifest's default underline
    // (content.css) stays, and nothing else is affected.
  }
}

/** Keeps the page's underline the one the settings choose, until `signal` aborts. */
export function watchUnderline(doc: Document, live: LiveSettings, signal: AbortSignal): void {
  const sheet = new CSSStyleSheet();
  live.watch((settings) => applyUnderline(doc, settings, sheet));
  signal.addEventListener('abort', () => {
    try {
      drop(doc, sheet);
    } catch {
      // As above: a sheet the browser refused is not there to take away.
    }
  });
}
