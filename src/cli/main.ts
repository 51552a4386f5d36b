import { readFile } from 'node:fs/promises';
import { parseFeed } from '../core/feed/index.ts';
import { importICalendar, looksLikeICalendar } from '../core/ical/index.ts';
import { convertCommand } from './convert.ts';
import { eventsCommand } from './events.ts';
import { scanCommand } from './scan.ts';
import { errorText } from '../core/error-text.ts';

const USAGE = `Usage:
  afterparty validate FEED           check a feed (JSON v1 or iCalendar); lists every
                                     problem with its path; exit status 0 clean, 1 not
  afterparty scan PAGE.html --feed FEED.json
                                     the film titles found in a page, as JSON (film ids,
                                     surface, offsets in the page's visible text)
  afterparty convert IN.ics|IN.csv -o FEED.json [--films FEED.json]
                                     a calendar or spreadsheet as a feed v1 document;
                                     --films ties events to that feed's films
  afterparty events PAGE.html [PAGE2.html …] [--json] [--feed FEED.json]
                                     the events the popup would offer on each page, and
                                     the event nodes it skips with the reason; --json
                                     gives [{page, events: [feed v1 events + status]}]
`;

type Out = { log: (line: string) => void; error: (line: string) => void };

/** 0 when the feed is clean; 1 when it is refused or has any problem (each printed with its path). */
async function validate(file: string, out: Out): Promise<number> {
  const text = await readFile(file, 'utf8');
  const parsed = looksLikeICalendar(text) ? importICalendar(text) : parseFeed(text);
  if (!parsed.ok) {
    out.error(`${file}: not a feed: ${parsed.error}`);
    return 1;
  }
  const { feed, problems } = parsed;
  out.log(
    `${file}: "${feed.title}": ${feed.festivals.length} festivals, ${feed.films.length} films, ${feed.events.length} events`,
  );
  for (const problem of problems) out.error(`  ${problem.path}: ${problem.message}`);
  return problems.length > 0 ? 1 : 0;
}

/**
 * Exit codes: 0 clean, 1 refused, with problems (validate) or a usage error; convert answers 2
 * when it wrote a feed with problems.
 */
export async function main(args: string[], out: Out = { log: console.log, error: console.error }): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'validate' && rest[0]) return await validate(rest[0], out);
    if (command === 'convert') {
      const option = (name: string) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
      const input = rest.find((arg, i) => !arg.startsWith('-') && !['-o', '--films'].includes(rest[i - 1] ?? ''));
      const output = option('-o');
      if (input && output) return await convertCommand(input, output, out, option('--films'));
    }
    if (command === 'scan') {
      const feed = rest.indexOf('--feed');
      const page = rest.find((arg, i) => !arg.startsWith('--') && i !== feed + 1);
      const feedFile = feed >= 0 ? rest[feed + 1] : undefined;
      if (page && feedFile) return await scanCommand(page, feedFile, out);
    }
    if (command === 'events') {
      const feed = rest.indexOf('--feed');
      const pages = rest.filter((arg, i) => !arg.startsWith('--') && (feed < 0 || i !== feed + 1));
      const json = rest.includes('--json');
      if (pages.length > 0)
        return await eventsCommand(pages, { json, feed: feed >= 0 ? rest[feed + 1] : undefined }, out);
    }
  } catch (error) {
    out.error(errorText(error));
    return 1;
  }
  out.error(USAGE);
  return 1;
}
