// The films an event is about. A `workPresented` (or `workFeatured`) names its film by
// declaration: its name and alternate names go through the title matcher, and only a match
// covering the whole name counts ("Jaws 3-D" is not "Jaws"). Without one, the title and the
// description are searched like any page text.

import type { Matcher, TitleMatch } from '../matching/index.ts';
import { isFilmYear } from '../feed/index.ts';
import type { UserFilmInput } from '../user-film-input.ts';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { first, list, text, TEXT_MAX } from './jsonld-values.ts';

export interface EventFilms {
  /** Film keys. */
  films: string[];
  /**
   * Films the page names (workPresented) that the catalog does not know, as the page describes
   * them (name, other names, year, directors; nothing added), ready for the user to add.
   */
  unknownFilms: UserFilmInput[];
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

// A page's film outside the years a feed's film may have gets none.
const YEAR = /^(\d{4})(?:$|-)/;

function yearOf(work: JsonRecord): number | null {
  for (const key of ['datePublished', 'dateCreated', 'copyrightYear']) {
    const value = first(own(work, key));
    const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    const year = Number(YEAR.exec(digits)?.[1]);
    if (isFilmYear(year)) return year;
  }
  return null;
}

function directorsOf(work: JsonRecord): string[] {
  const names = list(own(work, 'director'), 20).map((d) => text(isPlainObject(d) ? own(d, 'name') : d, TEXT_MAX.name));
  return [...new Set(names.filter((n): n is string => n !== null))];
}

/** What the page says of a film: its first name is the title, the others aliases. */
function pageFilm(work: unknown, names: string[]): UserFilmInput {
  const [title, ...others] = names as [string, ...string[]];
  const aliases = [...new Set(others)].filter((name) => name !== title);
  if (!isPlainObject(work)) return { title, aliases, year: null, directors: [] };
  return { title, aliases, year: yearOf(work), directors: directorsOf(work) };
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
  title: string | null,
  description: string | null,
  matcher: Matcher | null,
): EventFilms {
  const works = [...list(own(node, 'workPresented'), 10), ...list(own(node, 'workFeatured'), 10)]
    .map((work) => ({ work, names: namesOf(work) }))
    .filter(({ names }) => names.length > 0);
  if (works.length === 0) return { films: filmsInText(matcher, [title, description]), unknownFilms: [] };
  const films = new Set<string>();
  const unknownFilms: UserFilmInput[] = [];
  for (const { work, names } of works) {
    const found = filmsNamed(matcher, names);
    if (found.length === 0) unknownFilms.push(pageFilm(work, names));
    for (const key of found) films.add(key);
  }
  return { films: [...films], unknownFilms };
}
