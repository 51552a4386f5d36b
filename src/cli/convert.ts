// `afterparty convert IN.ics|IN.csv -o FEED.json`: turns a calendar or a spreadsheet into a
// JSON feed v1 (docs/feed-format.md), read back through the same parser the extension uses.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseFeed } from '../core/feed/index.ts';
import { importICalendar } from '../core/ical/index.ts';
import { formatOffset, isTimeZone, wallOffsetMinutes } from '../core/time/index.ts';
import type { Feed, Film } from '../core/model.ts';

type Out = { log: (line: string) => void; error: (line: string) => void };

/** RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

/** "2007-09-06 21:30" in a zone to "2007-09-06T21:30:00-04:00"; dates and ISO times pass as they are. */
function withOffset(value: string, zone: string | undefined): string {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m || !zone || !isTimeZone(zone)) return value.trim();
  const [, date, h, min, s = '00'] = m;
  const [y, mo, d] = (date as string).split('-').map(Number);
  const offset = wallOffsetMinutes(
    Date.UTC(y as number, (mo as number) - 1, d, Number(h), Number(min), Number(s)),
    zone,
  );
  return `${date}T${h}:${min}:${s}${formatOffset(offset)}`;
}

function csvToDocument(text: string, title: string): Record<string, unknown> {
  const [header = [], ...rows] = parseCsv(text);
  const columns = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const films = new Map<string, Film>();
  const festivals = new Map<string, { id: string; name: string; timeZone: string; start: string; end: string }>();
  const events = rows.map((cells, i) => {
    const get = (name: string) => {
      const at = columns.indexOf(name);
      const value = at >= 0 ? (cells[at] ?? '').trim() : '';
      return value === '' ? undefined : value;
    };
    const zone = get('time_zone');
    const start = get('start') && withOffset(get('start') as string, zone);
    const filmIds = (get('films') ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((filmTitle) => {
        const id = slug(filmTitle);
        if (!films.has(id)) films.set(id, { id, title: filmTitle, aliases: [], year: null, directors: [] });
        return id;
      });
    const festivalName = get('festival');
    let festival: string | null = null;
    if (festivalName && zone) {
      festival = slug(festivalName);
      const day = start?.slice(0, 10);
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
      id: get('id') ?? `row-${i + 2}`,
      title: get('title'),
      kind: get('kind')?.toLowerCase(),
      films: filmIds,
      festival,
      start,
      end: get('end') && withOffset(get('end') as string, zone),
      venue: get('venue') ? { name: get('venue'), address: get('address') ?? null } : null,
      host: get('host'),
      access: get('access')?.toLowerCase(),
      url: get('url'),
      description: get('description'),
      cancelled: /^(?:yes|true|1|cancelled)$/i.test(get('cancelled') ?? ''),
    };
  });
  return {
    afterparty: 1,
    title,
    festivals: [...festivals.values()].filter((f) => f.start),
    films: [...films.values()],
    events,
  };
}

function toDocument(feed: Feed): Record<string, unknown> {
  return { afterparty: 1, ...feed };
}

export async function convertCommand(input: string, output: string, out: Out, filmsFeed?: string): Promise<number> {
  const text = await readFile(input, 'utf8');
  const title = basename(input, extname(input));
  let document: Record<string, unknown>;
  if (/\.csv$/i.test(input)) {
    document = csvToDocument(text, title);
  } else {
    let films: Film[] = [];
    if (filmsFeed) {
      const parsed = parseFeed(await readFile(filmsFeed, 'utf8'));
      if (!parsed.ok) throw new Error(`${filmsFeed}: not a feed: ${parsed.error}`);
      films = parsed.feed.films;
    }
    const result = importICalendar(text, { films, fallbackTitle: title });
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
  for (const p of parsed.problems) out.error(`  ${p.path}: ${p.message}`);
  await writeFile(output, `${JSON.stringify(toDocument(parsed.feed), null, 2)}\n`);
  out.log(`${output}: "${parsed.feed.title}": ${parsed.feed.films.length} films, ${parsed.feed.events.length} events`);
  return parsed.problems.length > 0 ? 2 : 0;
}
