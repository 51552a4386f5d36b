import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvTime } from '../../src/cli/csv-dates.ts';
import { csvDelimiter, readCsvTable } from '../../src/cli/csv-table.ts';
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
    expect(readCsvTable('a,b\r\n"x, ""y""","line\nbreak"\n').rows).toEqual([
      { row: 2, cells: ['x, "y"', 'line\nbreak'] },
    ]);
  });

  it('picks the delimiter from the header line, quotes aside', () => {
    expect(csvDelimiter('title;start;venue\n"a, b";2026-09-12;x')).toBe(';');
    expect(csvDelimiter('title,start\n')).toBe(',');
    expect(csvDelimiter('"a;b;c",start,end\n')).toBe(',');
  });

  it.each([
    ['2026-09-12 21:00', '2026-09-12T21:00:00-04:00'],
    ['2026-09-12T21:00', '2026-09-12T21:00:00-04:00'],
    ['12/09/2026 9pm', '2026-09-12T21:00:00-04:00'],
    ['12/09/2026 9:30 PM', '2026-09-12T21:30:00-04:00'],
    ['12.09.2026 21h00', '2026-09-12T21:00:00-04:00'],
    ['09/25/2026 12am', '2026-09-25T00:00:00-04:00'],
    ['2026-09-12', '2026-09-12'],
    ['2026-09-12T21:00:00+02:00', '2026-09-12T21:00:00+02:00'],
  ])('reads %s in the festival zone', (cell, expected) => {
    expect(readCsvTime(cell, 'America/Toronto')).toBe(expected);
  });

  it.each([['31/02/2026'], ['2026-09-12 25:00'], ['12/09/2026 13pm'], ['next friday']])('refuses %s', (cell) => {
    expect(readCsvTime(cell, 'America/Toronto')).toBeNull();
  });

  it('refuses a time with no zone to place it in, and keeps a date alone', () => {
    expect(readCsvTime('2026-09-12 21:00', undefined)).toBeNull();
    expect(readCsvTime('2026-09-12', undefined)).toBe('2026-09-12');
  });

  it('reads the semicolon dialect with a BOM and a multi-line cell, as a spreadsheet exports it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const input = join(dir, 'liste.csv');
    await writeFile(
      input,
      '\uFEFFTitle;Kind;Start;Time zone;Festival;Venue;Films;Description\r\n' +
        'Dîner Happy-Go-Lucky;dinner;12/09/2026 9pm;America/Toronto;TIFF 2026;Josos, upstairs;Happy-Go-Lucky;"Seated.\r\nBring the card; no plus-ones."\r\n',
    );
    const output = join(dir, 'feed.json');
    const { out, lines } = capture();
    expect(await main(['convert', input, '-o', output], out)).toBe(0);
    expect(lines.join('\n')).toMatch(/1 films, 1 events/);
    const parsed = parseFeed(await readFile(output, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.feed.events[0]).toMatchObject({
      title: 'Dîner Happy-Go-Lucky',
      start: '2026-09-12T21:00:00-04:00',
      venue: { name: 'Josos, upstairs' },
      description: expect.stringMatching(/^Seated.\r?\nBring the card; no plus-ones.$/),
      films: ['happy-go-lucky'],
    });
  });

  it('names the row and column of a date it could not read, counting rows as the spreadsheet does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const input = join(dir, 'bad.csv');
    await writeFile(
      input,
      'title,description,start,time_zone\nFine,"two\nlines",2026-09-12 21:00,America/Toronto\nBroken,,next friday,America/Toronto\n',
    );
    const { out, lines } = capture();
    expect(await main(['convert', input, '-o', join(dir, 'feed.json')], out)).toBe(2);
    expect(lines.join('\n')).toContain('row 3, column C (start): could not read "next friday"');
    expect(lines.join('\n')).not.toContain('row 2,');
  });

  it('names the row where the CSV itself breaks (an unclosed quote)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const input = join(dir, 'open.csv');
    await writeFile(input, 'title,start\nFine,2026-09-12\n"Open,2026-09-13\n');
    const { out, lines } = capture();
    expect(await main(['convert', input, '-o', join(dir, 'feed.json')], out)).toBe(1);
    expect(lines.join('\n')).toMatch(/row 3 \(line 3\)/);
  });

  it('converts the published template, and the feed validates clean', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ap-convert-'));
    const output = join(dir, 'feed.json');
    const { out, lines } = capture();
    expect(await main(['convert', 'docs/party-list-template.csv', '-o', output], out)).toBe(0);
    expect(await main(['validate', output], out)).toBe(0);
    expect(lines.join('\n')).toMatch(/1 festivals, 3 films, 4 events/);
    const parsed = parseFeed(await readFile(output, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.feed.events.find((e) => e.id === 'medicine-karaoke')?.start).toBe('2008-09-07T23:00:00-04:00');
    expect(parsed.feed.events.find((e) => e.id === 'ypf-wicked')?.cancelled).toBe(true);
  });
});
