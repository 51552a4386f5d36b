// What the iCalendar importer asks of a matcher (core/ical takes it as `tie`, so it never
// compiles one): the keys of the films a text names, each once.
import type { Matcher } from './match-types.ts';

export function filmTie(matcher: Matcher): (text: string) => string[] {
  return (text) => {
    const keys = new Set<string>();
    for (const match of matcher.find({ text })) for (const id of match.filmIds) keys.add(id);
    return [...keys];
  };
}
