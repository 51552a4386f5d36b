// The card's styles live inside its shadow root: the page's CSS cannot reach them and
// they cannot reach the page. `:host` resets everything the page could inherit into it.
import { EVENT_STYLE } from './event-style.ts';

export const CARD_STYLE = `${EVENT_STYLE}
:host { all: initial; }
.ap-card {
  --ap-bg: #fffdf8; --ap-fg: #1d1a17; --ap-muted: #6b625a; --ap-line: #e7dfd3;
  --ap-accent: #8c1c13; --ap-chip: #f5ebdd;
  box-sizing: border-box; width: min(380px, calc(100vw - 16px)); max-height: min(460px, calc(100vh - 16px));
  overflow: auto; padding: 12px 14px; border-radius: 10px; border: 1px solid var(--ap-line);
  background: var(--ap-bg); color: var(--ap-fg); box-shadow: 0 8px 28px rgba(0,0,0,.22);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: left;
  unicode-bidi: isolate;
}
.ap-card.ap-dark {
  --ap-bg: #1f1b19; --ap-fg: #f3ede6; --ap-muted: #b5aaa0; --ap-line: #3b3430;
  --ap-accent: #f2a65a; --ap-chip: #2e2724;
}
.ap-film + .ap-film { margin-top: 12px; padding-top: 10px; border-top: 1px solid var(--ap-line); }
.ap-film-title { margin: 0; font-size: 15px; font-weight: 700; }
.ap-credits { margin: 2px 0 6px; color: var(--ap-muted); font-size: 12px; }
.ap-events { list-style: none; margin: 0; padding: 0; }
.ap-events > li { padding: 8px 0; border-top: 1px solid var(--ap-line); }
.ap-empty, .ap-error { margin: 4px 0; color: var(--ap-muted); }
.ap-error { color: #b3261e; }
`;
