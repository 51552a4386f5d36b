import { EVENT_STYLE } from './event-style.ts';

/** Gives an extension page the same event styles the card uses. */
export function adoptEventStyle(doc: Document): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(EVENT_STYLE);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
