// One event marked up twice (a JSON-LD block and a microdata item, as site plugins emit both) is
// one offer, with the fuller fields of the two: a start one of them could not read ("2019-9-18T10-10-00-00")
// is no second event when the other gives the same name on the same day, read.

import type { PageEventDraft } from './event-draft.ts';

const nameKey = (title: string | null) => title?.toLowerCase().replace(/\s+/g, ' ').trim() ?? '';

/** The day a draft is on: its start's date, or the date its unread start begins with. */
function dayOf(draft: PageEventDraft): string | null {
  if (draft.start) return draft.start.slice(0, 10);
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(draft.startUnread ?? '');
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : null;
}

function sameEvent(a: PageEventDraft, b: PageEventDraft): boolean {
  if (a.venue && b.venue && a.venue.name.toLowerCase() !== b.venue.name.toLowerCase()) return false;
  if (a.start && b.start) return a.start === b.start;
  // One start read, the other not: the same day and name, and the page says it only once that day.
  const day = dayOf(a);
  return day !== null && day === dayOf(b);
}

const filled = (d: PageEventDraft) =>
  [d.start, d.end, d.venue, d.venue?.address, d.url, d.description, d.host].filter((v) => v !== null && v !== undefined)
    .length + (d.films.length > 0 ? 1 : 0);

/** The fuller draft, its empty fields taken from the other, and the notes of both. */
function merge(a: PageEventDraft, b: PageEventDraft): PageEventDraft {
  const [full, other] = filled(b) > filled(a) ? [b, a] : [a, b];
  const notes = [...full.notes, ...other.notes.filter((n) => !full.notes.some((m) => m.kind === n.kind))];
  const out: PageEventDraft = { ...full, notes };
  if (!out.start) {
    out.start = other.start;
    out.end = other.end;
    out.floating = other.floating;
    out.startUnread = other.startUnread;
  }
  out.end ??= out.start === other.start ? other.end : null;
  out.venue ??= other.venue;
  if (out.venue && !out.venue.address && other.venue?.name === out.venue.name && other.venue.address)
    out.venue = { ...out.venue, address: other.venue.address };
  out.url ??= other.url;
  out.description ??= other.description;
  out.host ??= other.host;
  if (out.films.length === 0) out.films = other.films;
  if (out.unknownFilms.length === 0) out.unknownFilms = other.unknownFilms;
  return out;
}

/** Drafts said twice merged into one, in the order first said; with how many were merged away. */
export function mergeTwice(drafts: readonly PageEventDraft[]): { drafts: PageEventDraft[]; merged: number } {
  const out: PageEventDraft[] = [];
  const byName = new Map<string, number[]>();
  let merged = 0;
  for (const draft of drafts) {
    const key = nameKey(draft.title);
    const same = key ? byName.get(key) : undefined;
    const candidates = (same ?? []).filter((i) => sameEvent(out[i]!, draft));
    // Only an unambiguous pair merges: two readings of a day that has two such events stay two.
    if (
      candidates.length === 1 &&
      (draft.start === null || out[candidates[0]!]!.start === null || draft.start === out[candidates[0]!]!.start)
    ) {
      out[candidates[0]!] = merge(out[candidates[0]!]!, draft);
      merged++;
      continue;
    }
    if (key) byName.set(key, [...(same ?? []), out.length]);
    out.push(draft);
  }
  return { drafts: out, merged };
}
