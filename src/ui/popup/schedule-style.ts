// The compact schedule's look: one line per event (time, kind, title, venue) that unfolds, the
// day chips and "Hide past". Kept beside the view, as the own-events form keeps its own.
export const SCHEDULE_STYLE = `
.schedule .slot { display: block; padding: 0; border-bottom: 1px solid var(--ap-line); }
.slot-line { display: flex; align-items: baseline; gap: 6px; width: 100%; min-width: 0; padding: 5px 2px; font: inherit;
  color: inherit; text-align: start; background: transparent; border: 0; cursor: pointer; white-space: nowrap; }
.slot-line:hover { background: var(--ap-chip); }
.slot-line:focus-visible { outline: 2px solid var(--ap-focus); outline-offset: -2px; }
.slot-line .slot-time { flex: 0 0 auto; min-width: 58px; max-width: 96px; overflow: hidden; text-overflow: ellipsis;
  display: inline; font-variant-numeric: tabular-nums; color: var(--ap-muted); }
.slot-line .slot-time-note { font-style: italic; }
.slot-line .slot-time.unplaced { text-decoration: underline dotted; }
.slot-line .ap-kind, .slot-line .ap-badge { flex: none; }
.slot-title { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
.slot-venue { flex: 0 1 auto; max-width: 34%; min-width: 0; overflow: hidden; text-overflow: ellipsis; color: var(--ap-muted);
  font-size: 12px; }
.slot.saved-going .slot-line { box-shadow: inset 3px 0 0 var(--ap-accent); padding-left: 7px; }
.slot.saved-interested .slot-line { box-shadow: inset 3px 0 0 var(--ap-line-strong); padding-left: 7px; }
.slot.cancelled .slot-title { text-decoration: line-through; }
.slot.past .slot-line { color: var(--ap-muted); }
.slot-more { padding: 2px 4px 10px; }
.slot-more[hidden] { display: none; }
.day-chips { display: flex; flex-wrap: wrap; gap: 4px; margin: 8px 0 0; }
.day-chip { font: inherit; font-size: 12px; color: var(--ap-fg); background: var(--ap-chip); border: 1px solid var(--ap-line);
  border-radius: 999px; padding: 1px 8px; cursor: pointer; }
.day-chip[aria-current="date"] { border-color: var(--ap-accent); font-weight: 700; }
.day-chip:focus-visible { outline: 2px solid var(--ap-focus); outline-offset: 2px; }
.hide-past { display: inline-flex; align-items: center; gap: 6px; margin: 2px 0 0; color: var(--ap-muted); font-size: 12px; }
.day-heading:focus { outline: none; }
.day-heading:focus-visible { outline: 2px solid var(--ap-focus); outline-offset: 2px; }
`;
