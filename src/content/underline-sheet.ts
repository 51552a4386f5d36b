import { underlineCss, type Settings } from '../core/settings.ts';
import type { LiveSettings } from './live-settings.ts';
import { HIGHLIGHT_NAME } from './title-highlights.ts';

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

/** Keeps the page's underline the one the settings choose, until `signal` aborts. */
export function watchUnderline(doc: Document, live: LiveSettings, signal: AbortSignal): void {
  const sheet = new CSSStyleSheet();
  live.watch((settings) => applyUnderline(doc, settings, sheet));
  signal.addEventListener('abort', () => {
    if (doc.adoptedStyleSheets.includes(sheet))
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
  });
}
