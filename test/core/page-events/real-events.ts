// Measuring the page reader on ../shared/real-events (issue 31): pages that cinemas, ticket sites,
// venues and public bodies published, with the events a person reads in them (truth.json). Each
// page goes the popup's way: the snapshot script's reading of the DOM (happy-dom here), fitted
// to the message's limits as the popup fits it, then the worker's reader.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileMatcher } from '../../../src/core/matching/index.ts';
import { readPageEventsReport, type PageEventDraft } from '../../../src/core/page-events/index.ts';
import { snapshotPage } from '../../../src/content/page-snapshot.ts';
import { fitPageSnapshot } from '../../../src/messages/index.ts';
import { parsePage } from '../../../src/cli/scan.ts';

export interface TruthEvent {
  name: string;
  start: string | null;
  end: string | null;
  venue: string | null;
  film: string | null;
}

export interface TruthPage {
  page: string;
  events: TruthEvent[];
}

export interface PageFigures {
  page: string;
  events: number;
  offered: number;
  startRight: number;
  venueRight: number;
  films: number;
  filmRight: number;
  /** Offers that are none of the page's events. */
  extra: number;
  /** The occurrences the reader found (the popup's count, beyond the ones it lists). */
  drafts: number;
  misses: string[];
}

export function loadTruth(dir: string): TruthPage[] {
  return JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as TruthPage[];
}

const words = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[#a-z0-9]+;/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const norm = (s: string | null | undefined) => (s ? words(s).join(' ') : '');

/** The same name: equal, or one the other with words around it (a room, "Cancelled:"). */
function sameName(truth: string, offered: string | null): boolean {
  if (!offered) return false;
  const a = norm(truth);
  const b = norm(offered);
  return a === b || (a.length > 0 && b.includes(a)) || (b.length > 0 && a.includes(b));
}

// "2016-08-01T13:20:00-05:00", "+0100", a floating "2020-12-03T21:00", or a date.
function moment(value: string | null): { instant: number } | { local: string } | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!m) return null;
  const [, date, h, mi, s, zone] = m;
  if (h === undefined) return { local: date! };
  const local = `${date}T${h}:${mi}:${s ?? '00'}`;
  if (!zone) return { local };
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return { instant: Date.parse(local + offset) };
}

/** Instants equal; a wall-clock time or a date only equal to the same written one. */
export function sameStart(truth: string | null, offered: string | null): boolean {
  const a = moment(truth);
  const b = moment(offered);
  if (!a || !b) return a === b;
  if ('instant' in a && 'instant' in b) return a.instant === b.instant;
  if ('local' in a && 'local' in b) return a.local === b.local;
  return false;
}

function sameVenue(truth: string | null, offered: PageEventDraft['venue']): boolean {
  if (truth === null) return offered === null;
  return offered !== null && norm(offered.name) === norm(truth);
}

function filmOffered(film: string, draft: PageEventDraft): boolean {
  return (
    draft.films.length > 0 || draft.unknownFilms.some((f) => sameName(film, f.title)) || sameName(film, draft.title)
  );
}

export function readRealPage(dir: string, truth: TruthPage) {
  const path = join(dir, truth.page);
  const doc = parsePage(readFileSync(path, 'utf8'));
  const snapshot = fitPageSnapshot(JSON.parse(JSON.stringify(snapshotPage(doc, pathToFileURL(path).href))));
  // The catalog knows the page's films, as a festival's would.
  const films = [...new Set(truth.events.map((e) => e.film).filter((f): f is string => f !== null))];
  const matcher =
    films.length > 0
      ? compileMatcher(films.map((title, i) => ({ id: `f${i}`, title, aliases: [], year: null, directors: [] })))
      : null;
  return readPageEventsReport(snapshot!, { matcher, festivals: [] });
}

/** Each truth event paired with an offer: first one with its name and start, then one with its name. */
export function measurePage(dir: string, truth: TruthPage): PageFigures {
  const { drafts } = readRealPage(dir, truth);
  const used = new Set<number>();
  const pair = (e: TruthEvent, strict: boolean) => {
    const i = drafts.findIndex(
      (d, j) => !used.has(j) && sameName(e.name, d.title) && (!strict || sameStart(e.start, d.start)),
    );
    if (i >= 0) used.add(i);
    return i;
  };
  const paired = new Map<TruthEvent, number>();
  for (const e of truth.events) {
    const i = pair(e, true);
    if (i >= 0) paired.set(e, i);
  }
  // Then by start alone when the name is the page's another way (a festival's name for the artist's).
  for (const e of truth.events) {
    if (paired.has(e)) continue;
    const i = pair(e, false);
    if (i >= 0) paired.set(e, i);
  }
  const figures: PageFigures = {
    page: truth.page.replace(/^pages\//, '').replace(/\.html$/, ''),
    events: truth.events.length,
    offered: 0,
    startRight: 0,
    venueRight: 0,
    films: 0,
    filmRight: 0,
    extra: drafts.length - used.size,
    drafts: drafts.length,
    misses: [],
  };
  for (const e of truth.events) {
    if (e.film) figures.films++;
    const i = paired.get(e);
    if (i === undefined) {
      figures.misses.push(`not offered: ${e.name} ${e.start}`);
      continue;
    }
    const d = drafts[i]!;
    figures.offered++;
    if (sameStart(e.start, d.start)) figures.startRight++;
    else figures.misses.push(`start: ${e.name} truth ${e.start}, offered ${d.start}`);
    if (sameVenue(e.venue, d.venue)) figures.venueRight++;
    else figures.misses.push(`venue: ${e.name} truth ${e.venue}, offered ${d.venue?.name ?? null}`);
    if (e.film && filmOffered(e.film, d)) figures.filmRight++;
  }
  for (const [j, d] of drafts.entries()) if (!used.has(j)) figures.misses.push(`extra: ${d.title} ${d.start}`);
  return figures;
}

export function table(rows: PageFigures[]): string {
  const total = rows.reduce(
    (t, r) => ({
      ...t,
      events: t.events + r.events,
      offered: t.offered + r.offered,
      startRight: t.startRight + r.startRight,
      venueRight: t.venueRight + r.venueRight,
      films: t.films + r.films,
      filmRight: t.filmRight + r.filmRight,
      extra: t.extra + r.extra,
      drafts: t.drafts + r.drafts,
    }),
    {
      ...rows[0]!,
      page: 'total',
      events: 0,
      offered: 0,
      startRight: 0,
      venueRight: 0,
      films: 0,
      filmRight: 0,
      extra: 0,
      drafts: 0,
    },
  );
  const line = (r: PageFigures) =>
    `| ${r.page.padEnd(38)} | ${String(r.events).padStart(6)} | ${String(r.offered).padStart(7)} | ${String(r.startRight).padStart(6)} | ${String(r.venueRight).padStart(5)} | ${`${r.filmRight}/${r.films}`.padStart(7)} | ${String(r.extra).padStart(5)} |`;
  return [
    `| ${'page'.padEnd(38)} | events | offered | starts | venue |    film | extra |`,
    `|${'-'.repeat(40)}|--------|---------|--------|-------|---------|-------|`,
    ...rows.map(line),
    line(total),
  ].join('\n');
}
