import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/cli/convert.ts';
import { main } from '../../src/cli/main.ts';
import { parseFeed } from '../../src/core/feed/parse.ts';

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

describe('afterparty convert', () => {
  it('turns an .ics calendar into a feed, tying events to the films of --films', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const output = join(dir, 'feed.json');
    const { out } = capture();
    const code = await main(
      ['convert', 'test/fixtures/ics/party.ics', '-o', output, '--films', 'src/data/default-feed.json'],
      out,
    );
    expect(code).toBe(0);
    const parsed = parseFeed(await readFile(output, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.feed.title).toBe('Festival parties');
    expect(parsed.feed.events[0]).toMatchObject({
      kind: 'dinner',
      start: '2007-09-07T20:00:00-04:00',
      films: ['fugitive-pieces'],
    });
    expect(parsed.feed.films.map((f) => f.id)).toEqual(['fugitive-pieces']);
  });

  it('turns a CSV into a feed, with times in the given zone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const input = join(dir, 'parties.csv');
    await writeFile(
      input,
      'title,kind,start,time_zone,festival,venue,address,films,access\n"Happy-Go-Lucky dinner, at last",Dinner,2008-09-06 20:00,America/Toronto,TIFF 2008,Josos,"202 Davenport Rd",Happy-Go-Lucky,invite\nSponsor party,party,2008-09-07,America/Toronto,TIFF 2008,,,,\n',
    );
    const output = join(dir, 'feed.json');
    const { out } = capture();
    expect(await main(['convert', input, '-o', output], out)).toBe(0);
    const parsed = parseFeed(await readFile(output, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.feed.events[0]).toMatchObject({
      title: 'Happy-Go-Lucky dinner, at last',
      kind: 'dinner',
      start: '2008-09-06T20:00:00-04:00',
      films: ['happy-go-lucky'],
      festival: 'tiff-2008',
      access: 'invite',
      venue: { name: 'Josos', address: '202 Davenport Rd' },
    });
    expect(parsed.feed.festivals[0]).toMatchObject({
      timeZone: 'America/Toronto',
      start: '2008-09-06',
      end: '2008-09-07',
    });
  });

  it('exits 1 with the reason for a file that is not a calendar', async () => {
    const { out, lines } = capture();
    expect(await main(['convert', 'README.md', '-o', join(tmpdir(), 'x.json')], out)).toBe(1);
    expect(lines.join('\n')).toMatch(/not an iCalendar file/);
  });

  it('reads quoted CSV fields with commas, quotes and newlines', () => {
    expect(parseCsv('a,b\r\n"x, ""y""","line\nbreak"\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', 'line\nbreak'],
    ]);
  });
});
