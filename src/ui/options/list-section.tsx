// The frame the options page's list sections share (sites, corrections, own films): heading,
// hint, a live line for what the last action did, and the list styles.
import type { ComponentChildren } from 'preact';

export type Note = { error: boolean; text: string } | null;

const LIST_STYLE = `
.site-list, .correction-list { list-style: none; margin: 6px 0 12px; padding: 0; }
.site-list li, .correction-list li { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 4px 0; border-bottom: 1px solid var(--ap-line); }
.site-list .ap-button, .correction-list .ap-button { font-size: 12px; padding: 3px 8px; margin-left: auto; }
.curated-sites { columns: 2 14em; }
.curated-sites li { break-inside: avoid; }
.panel-section h3 { font-size: 13px; margin: 12px 0 2px; }
`;

/** `name` gives the section's class (`${name}-panel`) and its heading's id (`${name}-heading`). */
export function ListSection({
  name,
  heading,
  hint,
  note,
  children,
}: {
  name: string;
  heading: string;
  hint: string;
  note: Note;
  children: ComponentChildren;
}) {
  return (
    <section aria-labelledby={`${name}-heading`} class={`panel-section ${name}-panel`}>
      <style>{LIST_STYLE}</style>
      <h2 id={`${name}-heading`}>{heading}</h2>
      <p class="hint">{hint}</p>
      <p class={note?.error ? 'error' : 'status'} role={note?.error ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
      {children}
    </section>
  );
}
