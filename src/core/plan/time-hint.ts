// Where in its day an event with only a time note goes: "afternoon", "late evening", "after the
// 9:30 pm gala". The note is the publisher's words, never turned into a time shown to anyone: it
// only orders the event among the timed ones of its day. A note that names neither a time nor a
// part of the day puts the event at the top of its day, marked there as not placed.

/** A part of the day named in a note, and the wall-clock minute it is sorted at. */
// Most specific first: "late afternoon" is an afternoon, "late" alone is late at night.
const PARTS: ReadonlyArray<[RegExp, number]> = [
  [/\b(midnight|minuit)\b/, 24 * 60],
  [/\b(afternoon|apres midi|tea)\b/, 15 * 60],
  [/\b(morning|matin|matinee|breakfast|brunch)\b/, 9 * 60],
  [/\b(noon|midday|midi|lunch|dejeuner)\b/, 12 * 60],
  [/\b(evening|soir|soiree|dinner|diner|cocktails?)\b/, 19 * 60],
  [/\b(night|nuit|late|tard)\b/, 22 * 60],
];

/** "9:30 pm", "9 pm", "21:30", "21 h 30", "21h": the first clock time a note names, in minutes. */
function clockMinutes(text: string): number | null {
  const twelve = /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\b/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return ((hour % 12) + (twelve[3] === 'p' ? 12 : 0)) * 60 + minute;
  }
  const day = /\b([01]?\d|2[0-3])\s*(?::|h)\s*(\d{2})?\b/.exec(text);
  if (day) {
    const minute = Number(day[2] ?? 0);
    return minute > 59 ? null : Number(day[1]) * 60 + minute;
  }
  return null;
}

/**
 * The minute of its day (0 to 1440) a time note places an event at, or null when it names no
 * time and no part of the day. "after" a time places it just after, "before" just before.
 */
export function hintMinutes(note: string | null | undefined): number | null {
  if (!note) return null;
  const text = note.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[-‐–]/g, ' ');
  const clock = clockMinutes(text);
  if (clock !== null) {
    if (/\b(after|apres|following|suivant)\b/.test(text)) return clock + 1;
    if (/\b(before|avant)\b/.test(text)) return Math.max(0, clock - 1);
    return clock;
  }
  for (const [words, minute] of PARTS) if (words.test(text)) return minute;
  return null;
}
