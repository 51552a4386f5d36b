import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

function capture() {
  const lines: { log: string[]; error: string[] } = { log: [], error: [] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

async function file(name: string, body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'afterparty-cli-'));
  const path = join(dir, name);
  await writeFile(path, body);
  return path;
}

describe('afterparty validate', () => {
  it('passes the embedded default feed', async () => {
    const { lines, out } = capture();
    expect(await main(['validate', 'src/data/default-feed.json'], out)).toBe(0);
    expect(lines.log[0]).toMatch(/3 festivals, 12 films, 16 events/);
    expect(lines.error).toEqual([]);
  });

  it('fails (status 1) a feed with bad events, naming each by its path in the document', async () => {
    const feed = {
      afterparty: 1,
      title: 'Mixed',
      events: [
        { id: 'ok', kind: 'party', title: 'Fine party' },
        { id: 'bad', kind: 'party', title: 42 },
        { id: 'undated', kind: 'party', title: 'When?', start: 'yesterday' },
      ],
    };
    const { lines, out } = capture();
    expect(await main(['validate', await file('mixed.json', JSON.stringify(feed))], out)).toBe(1);
    expect(lines.log[0]).toMatch(/1 events/);
    expect(lines.error).toEqual([
      '  events[1].title: title must be text, but it is a number; this event was skipped',
      '  events[2].start: start "yesterday" is not a date like "2007-09-06"; this event was skipped',
    ]);
  });

  it('checks an iCalendar feed too, each problem with its path', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//t//EN',
      'BEGIN:VEVENT',
      'UID:a',
      'SUMMARY:No start',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'SUMMARY:Juno party',
      'DTSTART:20070908T230000Z',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const { lines, out } = capture();
    expect(await main(['validate', await file('bad.ics', ics)], out)).toBe(1);
    expect(lines.log[0]).toMatch(/2 events/);
    expect(lines.error).toEqual(['  VEVENT[0]: has no DTSTART; kept with its date not announced']);
    const clean = capture();
    expect(
      await main(
        [
          'validate',
          await file('good.ics', ics.replace('SUMMARY:No start', 'SUMMARY:Dinner\r\nDTSTART:20070909T010000Z')),
        ],
        clean.out,
      ),
    ).toBe(0);
    expect(clean.lines.error).toEqual([]);
  });

  it('the installed command exits with status 0 or 1 only', async () => {
    const status = (args: string[]) =>
      new Promise<number>((done) =>
        execFile(process.execPath, ['bin/afterparty.mjs', ...args], (error) => done(error ? Number(error.code) : 0)),
      );
    const bad = await file(
      'bad.json',
      JSON.stringify({ afterparty: 1, title: 'Bad', events: [{ id: 'x', kind: 'party', title: 1 }] }),
    );
    expect(await status(['validate', 'src/data/default-feed.json'])).toBe(0);
    expect(await status(['validate', bad])).toBe(1);
    expect(await status(['validate', await file('page.json', '<html></html>')])).toBe(1);
  }, 30_000);

  it('refuses a document that is not a feed, saying why', async () => {
    const { lines, out } = capture();
    expect(await main(['validate', await file('page.json', '<!doctype html><html></html>')], out)).toBe(1);
    expect(lines.error[0]).toMatch(/not a feed: This is not JSON \(it looks like an HTML page\)/);
  });

  it('prints usage for an unknown command and a missing file', async () => {
    const { lines, out } = capture();
    expect(await main(['frobnicate'], out)).toBe(1);
    expect(lines.error[0]).toMatch(/Usage/);
    expect(await main(['validate', '/nonexistent/feed.json'], out)).toBe(1);
    expect(lines.error.at(-1)).toMatch(/ENOENT|no such file/);
  });
});
