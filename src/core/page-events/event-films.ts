// The films an event is about. A `workPresented` (or `workFeatured`) names its film by
// declaration: its name and alternate names go through the title matcher, and only a match
// covering the whole name counts ("Jaws 3-D" is not "Jaws"). Without one, the title and the
// description are searched like any page text.

import type { Matcher, TitleMatch } from '../matching/index.ts';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { list, text, TEXT_MAX } from './jsonld-values.ts';

export interface EventFilms {
  /** Film keys. */
  films: string[];
  /** Films the page names (workPresented) that the catalog does not know. */
  unknownFilms: string[];
}

// What may surround a title in a work's name without making it another title: quotes,
// punctuation, and a year ("Burn After Reading (2008)").
const FRAME = /^[\s"'“”‘’«»()[\].,:;-]*(?:\(?\d{4}\)?)?[\s"'“”‘’«»()[\].,:;-]*$/;

function wholeName(name: string, match: TitleMatch): boolean {
  return FRAME.test(name.slice(0, match.start)) && FRAME.test(name.slice(match.end));
}

function namesOf(work: unknown): string[] {
  if (!isPlainObject(work)) return [text(work, TEXT_MAX.title)].filter((n): n is string => n !== null);
  return [own(work, 'name'), ...list(own(work, 'alternateName'), 5), ...list(own(work, 'alternativeHeadline'), 2)]
    .map((n) => text(n, TEXT_MAX.title))
    .filter((n): n is string => n !== null);
}

function filmsNamed(matcher: Matcher | null, names: string[]): string[] {
  if (!matcher) return [];
  for (const name of names) {
    // A work's name is a title by declaration: marked, so ordinary-word titles count.
    const matches = matcher.find({ text: name, marks: [{ start: 0, end: name.length }] });
    const whole = matches.filter((m) => wholeName(name, m));
    if (whole.length > 0) return [...new Set(whole.flatMap((m) => m.filmIds))];
  }
  return [];
}

function filmsInText(matcher: Matcher | null, texts: Array<string | null>): string[] {
  if (!matcher) return [];
  const keys = new Set<string>();
  for (const t of texts)
    if (t) for (const match of matcher.find({ text: t })) for (const id of match.filmIds) keys.add(id);
  return [...keys];
}

export function filmsOf(
  node: JsonRecord,
  title: string,
  description: string | null,
  matcher: Matcher | null,
): EventFilms {
  const works = [...list(own(node, 'workPresented'), 10), ...list(own(node, 'workFeatured'), 10)]
    .map(namesOf)
    .filter((names) => names.length > 0);
  if (works.length === 0) return { films: filmsInText(matcher, [title, description]), unknownFilms: [] };
  const films = new Set<string>();
  const unknownFilms: string[] = [];
  for (const names of works) {
    const found = filmsNamed(matcher, names);
    if (found.length === 0) unknownFilms.push(names[0]!);
    for (const key of found) films.add(key);
  }
  return { films: [...films], unknownFilms };
}
