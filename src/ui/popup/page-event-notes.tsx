// What an offer from the page says about how it was read: a mended block, a date written
// unusually, an end from the running time, and the markup beside the page's own words.
import type { JsonRepair, PageEventNote, SkippedScript } from '../../core/page-events/index.ts';
import { plural, t } from '../../browser/i18n.ts';

const REPAIRS: Record<JsonRepair, string> = {
  'trailing-commas': 'pageEvents_repair_trailingCommas',
  'bad-escapes': 'pageEvents_repair_badEscapes',
  'control-characters': 'pageEvents_repair_controlCharacters',
};

function noteText(note: PageEventNote): string {
  switch (note.kind) {
    case 'repaired':
      return t('pageEvents_repaired', note.repairs.map((r) => t(REPAIRS[r])).join(', '));
    case 'asWritten':
      return t('pageEvents_asWritten', note.written);
    case 'duration':
      return t('pageEvents_duration', note.minutes);
    case 'pageTime':
      if (!note.used) return t('pageEvents_pageTimeDiffers', note.markup, note.page);
      return note.zone
        ? t('pageEvents_pageTimeZone', note.markup, note.page, note.zone)
        : t('pageEvents_pageTimeUsed', note.markup, note.page);
  }
}

export function PageEventNotes({ notes }: { notes: readonly PageEventNote[] }) {
  return (
    <>
      {notes.map((note, i) => (
        <p key={i} class={note.kind === 'pageTime' && !note.used ? 'ap-clash page-event-note' : 'hint page-event-note'}>
          {noteText(note)}
        </p>
      ))}
    </>
  );
}

const SKIPPED = {
  'unterminated-string': 'pageEvents_skippedUnterminated',
  'invalid-json': 'pageEvents_skippedInvalid',
  'too-large': 'pageEvents_skippedInvalid',
  empty: 'pageEvents_skippedInvalid',
} as const;

/** What the page gives that is not listed: events past the ceilings, blocks left out and why. */
export function PageEventsLeftOut({ beyond, skipped }: { beyond: number; skipped: readonly SkippedScript[] }) {
  return (
    <>
      {beyond > 0 && (
        <p class="hint" role="status">
          {plural('pageEvents_beyond', beyond)}
        </p>
      )}
      {skipped.map((s, i) => (
        <p key={i} class="hint">
          {t(SKIPPED[s.reason], s.start)}
        </p>
      ))}
    </>
  );
}
