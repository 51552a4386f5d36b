// The card's styles live inside its shadow root: the page's CSS cannot reach them and
// they cannot reach the page. `:host` resets everything the page could inherit into it.
import { DARK_VARS, EVENT_STYLE, LIGHT_VARS } from '../shared/event-style.ts';

export const CARD_FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/**
 * Every weight and size the card sets (here and in EVENT_STYLE), as canvas font shorthands: the
 * content script has the browser find and load them before the first card (card-fonts.ts).
 */
export const CARD_FONTS = ['13px', '600 13px', '700 15px', '600 11px', '700 11px', '12px', '600 12px', '18px'].map(
  (face) => `${face} ${CARD_FONT_FAMILY}`,
);

export const CARD_STYLE = `${EVENT_STYLE}
:host { all: initial; }
.ap-card {
  ${LIGHT_VARS}
  box-sizing: border-box; width: min(380px, calc(100vw - 16px)); max-height: min(460px, calc(100vh - 16px), var(--ap-room, 100vh));
  display: flex; flex-direction: column; overflow: hidden; padding: 0; border-radius: 10px; border: 1px solid var(--ap-line);
  background: var(--ap-bg); color: var(--ap-fg); box-shadow: 0 8px 28px rgba(0,0,0,.22);
  font: 13px/1.4 ${CARD_FONT_FAMILY}; text-align: left;
  unicode-bidi: isolate; outline: none;
}
.ap-card:focus-visible { outline: 2px solid var(--ap-focus); outline-offset: 1px; }
.ap-card-body:focus-visible { outline: 2px solid var(--ap-focus); outline-offset: -2px; }
.ap-card.ap-dark { ${DARK_VARS} }
.ap-card-bar { flex: none; display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 6px 8px 4px 14px; border-bottom: 1px solid var(--ap-line); }
.ap-card-body { flex: 1 1 auto; min-height: 0; overflow: auto; overscroll-behavior: contain; padding: 6px 14px 12px; }
.ap-shortcut { flex: none; margin: 0; padding: 5px 14px 6px; border-top: 1px solid var(--ap-line); color: var(--ap-muted); font-size: 12px; }
.ap-clash { margin: 4px 0 0; color: var(--ap-warn); font-weight: 600; }
.ap-badge-over { background: #5f574f; }
.ap-brand { color: var(--ap-muted); font-size: 11px; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; }
.ap-close { font: inherit; font-size: 18px; line-height: 1; width: 28px; height: 28px; border-radius: 6px; cursor: pointer;
  border: 1px solid transparent; background: transparent; color: var(--ap-fg); }
.ap-close:hover { background: var(--ap-chip); }
.ap-film + .ap-film { margin-top: 12px; padding-top: 10px; border-top: 1px solid var(--ap-line); }
.ap-film-title { margin: 0; font-size: 15px; font-weight: 700; }
.ap-credits { margin: 2px 0 6px; color: var(--ap-muted); font-size: 12px; }
.ap-events { list-style: none; margin: 0; padding: 0; }
.ap-events > li { padding: 8px 0; border-top: 1px solid var(--ap-line); }
.ap-empty, .ap-error { margin: 4px 0; color: var(--ap-muted); }
.ap-error { color: #b3261e; }
.ap-dark .ap-error { color: #f2b8b5; }
@media (pointer: coarse) {
  .ap-card :is(button, summary, select, a) { min-height: 44px; min-width: 44px; box-sizing: border-box; }
  .ap-card a { display: inline-flex; align-items: center; }
}
`;
