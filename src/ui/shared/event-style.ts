// Styles of EventDetails, shared by the card's shadow root and the extension pages.
// Colours come from --ap-* custom properties that each host defines for light and dark;
// every pair meets WCAG AA contrast in both schemes.
export const EVENT_STYLE = `
.ap-event-head { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
.ap-kind { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; font-weight: 700;
  color: var(--ap-accent); background: var(--ap-chip); padding: 1px 6px; border-radius: 4px; }
.ap-event-title { font-weight: 600; unicode-bidi: isolate; }
.ap-badge { font-size: 11px; font-weight: 700; color: #fff; background: #b3261e; padding: 1px 6px; border-radius: 4px; }
.ap-badge-moved { background: #8a4b00; }
.ap-cancelled .ap-event-title { text-decoration: line-through; }
.ap-when { margin-top: 2px; }
.ap-when-mine { color: var(--ap-muted); }
.ap-facts { display: grid; grid-template-columns: auto 1fr; gap: 1px 8px; margin: 4px 0 0; }
.ap-facts dt { color: var(--ap-muted); }
.ap-facts dd { margin: 0; unicode-bidi: isolate; }
.ap-facts a, .ap-link { color: var(--ap-accent); text-decoration: underline; }
.ap-actions { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 6px; }
.ap-save { display: inline-flex; gap: 4px; }
.ap-remind-note { flex-basis: 100%; font-size: 0.85em; color: var(--ap-muted); }
.ap-button { font: inherit; font-size: 12px; line-height: 1.3; padding: 3px 8px; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--ap-line-strong); background: var(--ap-bg); color: var(--ap-fg); text-decoration: none; display: inline-block; }
.ap-button:hover { background: var(--ap-chip); }
.ap-toggle[aria-pressed="true"] { background: var(--ap-accent); border-color: var(--ap-accent); color: var(--ap-on-accent); font-weight: 600; }
:is(.ap-button, a, button, input, select, summary, [tabindex]):focus-visible {
  outline: 2px solid var(--ap-focus); outline-offset: 2px; }
.ap-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.ap-description { margin: 4px 0 0; white-space: pre-line; unicode-bidi: isolate; }
.ap-clamped { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
.ap-more { font: inherit; font-size: 12px; padding: 0; margin-top: 2px; border: 0; background: none; cursor: pointer;
  color: var(--ap-accent); text-decoration: underline; }
.ap-film-menu { margin-top: 8px; }
.ap-film-menu > summary { cursor: pointer; color: var(--ap-muted); font-size: 12px; width: max-content; }
.ap-film-menu[open] > summary { margin-bottom: 4px; }
.ap-calendar-links { display: inline-flex; flex-wrap: wrap; gap: 10px; font-size: 12px; }
.ap-calendar-links a { color: var(--ap-accent); text-decoration: underline; }
`;

/** The colour variables, light then dark; `sel` is the selector that carries them. */
export const LIGHT_VARS = `--ap-bg: #fffdf8; --ap-fg: #1d1a17; --ap-muted: #5f574f; --ap-line: #e7dfd3; --ap-line-strong: #8f857b;
  --ap-accent: #8c1c13; --ap-on-accent: #ffffff; --ap-chip: #f5ebdd; --ap-focus: #1b5fc1; --ap-warn: #9a3412;`;
export const DARK_VARS = `--ap-bg: #1f1b19; --ap-fg: #f3ede6; --ap-muted: #bdb2a8; --ap-line: #3b3430; --ap-line-strong: #8a7f76;
  --ap-accent: #f2a65a; --ap-on-accent: #1f1b19; --ap-chip: #2e2724; --ap-focus: #8ab4f8; --ap-warn: #fdba74;`;
