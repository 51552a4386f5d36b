// Styles of EventDetails, shared by the card's shadow root and the extension pages.
// Colours come from --ap-* custom properties that each host defines for light and dark.
export const EVENT_STYLE = `
.ap-event-head { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
.ap-kind { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; font-weight: 700;
  color: var(--ap-accent); background: var(--ap-chip); padding: 1px 6px; border-radius: 4px; }
.ap-event-title { font-weight: 600; unicode-bidi: isolate; }
.ap-badge { font-size: 11px; font-weight: 700; color: #fff; background: #b3261e; padding: 1px 6px; border-radius: 4px; }
.ap-cancelled .ap-event-title { text-decoration: line-through; }
.ap-when { margin-top: 2px; }
.ap-facts { display: grid; grid-template-columns: auto 1fr; gap: 1px 8px; margin: 4px 0 0; }
.ap-facts dt { color: var(--ap-muted); }
.ap-facts dd { margin: 0; unicode-bidi: isolate; }
.ap-facts a { color: var(--ap-accent); }
`;
