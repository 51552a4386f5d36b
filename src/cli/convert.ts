// `afterparty convert IN.ics|IN.csv -o FEED.json`: turns a calendar or a spreadsheet into a
// JSON feed v1 (docs/feed-format.md), read back through the same parser the extension uses.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseFeed } from '../core/feed/index.ts';
import { importICalendar } from '../core/ical/index.ts';
import { compileMatcher, filmTie } from '../core/matching/index.ts';
import { isTimeZone } from '../core/time/index.ts';
import { readCsvTime } from './csv-dates.ts';
import { columnLetter, readCsvTable } from './csv-table.ts';
import type { Feed, Film } from '../core/model.ts';
import { errorText } from '../core/error-text.ts';

type Out = { log: (line: string) => void; error: (line: string) => void };

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

/** A reason tied to the spreadsheet cell it came from. */
export interface CsvProblem {
  row: number;
  column: string;
  message: string;
}

const csvWhere = (p: CsvProblem) => `row ${p.row}, column ${p.column}: ${p.message}`;

function csvToDocument(
  text: string,
  title: string,
): { document: Record<string, unknown>; problems: CsvProblem[]; columns: string[] } {
  const { columns, rows } = readCsvTable(text);
  const problems: CsvProblem[] = [];
  const films = new Map<string, Film>();
  const festivals = new Map<string, { id: string; name: string; timeZone: string; start: string; end: string }>();
  const named = (name: string) => {
    const at = columns.indexOf(name);
    return `${columnLetter(at)} (${name})`;
  };
  const events = rows.map(({ row, cells }) => {
    const get = (name: string) => {
      const at = columns.indexOf(name);
      const value = at >= 0 ? (cells[at] ?? '').trim() : '';
      return value === '' ? undefined : value;
    };
    const festivalName = get('festival');
    const festivalId = festivalName ? slug(festivalName) : null;
    // A row may leave the zone blank when an earlier row of its festival gave it.
    const zone = get('time_zone') ?? (festivalId ? festivals.get(festivalId)?.timeZone : undefined);
    if (get('time_zone') && !isTimeZone(get('time_zone') as string))
      problems.push({ row, column: named('time_zone'), message: `"${get('time_zone')}" is not an IANA time zone` });
    const time = (name: 'start' | 'end') => {
      const cell = get(name);
      if (!cell) return undefined;
      const read = readCsvTime(cell, zone);
      if (read) return read;
      problems.push({
        row,
        column: named(name),
        message: zone
          ? `could not read "${cell}" as a date (2026-09-12 21:00 or 12/09/2026 9pm)`
          : `"${cell}" has a time but the row has no time_zone`,
      });
      return cell;
    };
    const start = time('start');
    const end = time('end');
    const filmIds = (get('films') ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((filmTitle) => {
        const id = slug(filmTitle);
        if (!films.has(id)) films.set(id, { id, title: filmTitle, aliases: [], year: null, directors: [] });
        return id;
      });
    let festival: string | null = null;
    if (festivalName && festivalId && zone && isTimeZone(zone)) {
      festival = festivalId;
      const day = start && /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : undefined;
      const known = festivals.get(festival) ?? {
        id: festival,
        name: festivalName,
        timeZone: zone,
        start: day ?? '',
        end: day ?? '',
      };
      if (day && (!known.start || day < known.start)) known.start = day;
      if (day && day > known.end) known.end = day;
      festivals.set(festival, known);
    }
    return {
      id: get('id') ?? `row-${row}`,
      title: get('title'),
      kind: get('kind')?.toLowerCase(),
      films: filmIds,
      festival,
      start,
      end,
      venue: get('venue') ? { name: get('venue'), address: get('address') ?? null } : null,
      host: get('host'),
      access: get('access')?.toLowerCase(),
      url: get('url'),
      description: get('description'),
      cancelled: /^(?:yes|true|1|cancelled)$/i.test(get('cancelled') ?? ''),
    };
  });
  const document = {
    afterparty: 1,
    title,
    festivals: [...festivals.values()].filter((f) => f.start),
    films: [...films.values()],
    events,
  };
  return { document, problems, columns };
}

/** The parser's "events[3].start" as the spreadsheet's "row 5, column G (start)". */
function csvPath(path: string, columns: string[]): string {
  const m = /^events\[(\d+)\](?:\.(\w+))?(.*)$/.exec(path);
  if (!m) return path;
  const row = Number(m[1]) + 2;
  const name = m[2] === 'venue' ? 'venue' : m[2];
  const at = name ? columns.indexOf(name) : -1;
  return at >= 0
    ? `row ${row}, column ${columnLetter(at)} (${name})${m[3] ?? ''}`
    : `row ${row}${name ? ` (${name})` : ''}`;
}

function toDocument(feed: Feed): Record<string, unknown> {
  return { afterparty: 1, ...feed };
}

export async function convertCommand(input: string, output: string, out: Out, filmsFeed?: string): Promise<number> {
  const text = await readFile(input, 'utf8');
  const title = basename(input, extname(input));
  let document: Record<string, unknown>;
  let columns: string[] | null = null;
  let csvProblems = 0;
  if (/\.csv$/i.test(input)) {
    let table: ReturnType<typeof csvToDocument>;
    try {
      table = csvToDocument(text, title);
    } catch (error) {
      out.error(`${input}: ${errorText(error)}`);
      return 1;
    }
    for (const p of table.problems) out.error(`  ${csvWhere(p)}`);
    csvProblems = table.problems.length;
    document = table.document;
    columns = table.columns;
  } else {
    let films: Film[] = [];
    if (filmsFeed) {
      const parsed = parseFeed(await readFile(filmsFeed, 'utf8'));
      if (!parsed.ok) throw new Error(`${filmsFeed}: not a feed: ${parsed.error}`);
      films = parsed.feed.films;
    }
    const tie = films.length > 0 ? filmTie(compileMatcher(films)) : undefined;
    const result = importICalendar(text, { tie, fallbackTitle: title });
    if (!result.ok) {
      out.error(`${input}: ${result.error}`);
      return 1;
    }
    for (const p of result.problems) out.error(`  ${p.path}: ${p.message}`);
    const linked = new Set([...result.links.values()].flat());
    const feed = {
      ...result.feed,
      films: films.filter((f) => linked.has(f.id)),
      events: result.feed.events.map((e) => ({ ...e, films: result.links.get(e.id) ?? [] })),
    };
    document = toDocument(feed);
  }
  // Read back with the extension's parser: what is written is what a reader will load.
  const parsed = parseFeed(document);
  if (!parsed.ok) {
    out.error(`${input}: ${parsed.error}`);
    return 1;
  }
  for (const p of parsed.problems) out.error(`  ${columns ? csvPath(p.path, columns) : p.path}: ${p.message}`);
  await writeFile(output, `${JSON.stringify(toDocument(parsed.feed), null, 2)}\n`);
  out.log(`${output}: "${parsed.feed.title}": ${parsed.feed.films.length} films, ${parsed.feed.events.length} events`);
  return parsed.problems.length + csvProblems > 0 ? 2 : 0;
}
