import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

function capture() {
  const lines: { log: string[]; error: string[] } = { log: [], error: [] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

async function page(name: string, body: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'afterparty-events-')), name);
  await writeFile(path, body);
  return path;
}

const PROGRAMME = `<!doctype html><title>Programme</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"ScreeningEvent","@id":"#s1","startDate":"2008-09-06T19:00-04:00","workPresented":{"@type":"Movie","name":"Burn After Reading"},
  "location":{"@id":"#hall"},"url":"https://fest.example/s1","eventStatus":"https://schema.org/EventPostponed"},
 {"@type":"Place","@id":"#hall","name":"Roy Thomson Hall","address":"60 Simcoe St, Toronto"},
 {"@type":"Event","startDate":"2008-09-07"},
 {"@type":"Event","description":"To be announced"}
]}</script>
<div vocab="https://schema.org/" typeof="Event"><span property="name">Press breakfast</span>
 <span property="startDate" content="2008-09-08T09:00-04:00">Monday 9 am</span>
 <meta property="eventStatus" content="https://schema.org/EventMovedOnline"></div>`;

describe('afterparty events', () => {
  it('--json: each page with its events in feed v1 shape and the status the page gave', async () => {
    const file = await page('programme.html', PROGRAMME);
    const empty = await page('empty.html', '<!doctype html><p>No events here</p>');
    const { lines, out } = capture();
    expect(await main(['events', file, empty, '--json', '--feed', 'src/data/default-feed.json'], out)).toBe(0);
    expect(lines.error).toEqual([]);
    expect(JSON.parse(lines.log.join('\n'))).toEqual([
      {
        page: file,
        events: [
          {
            title: 'Burn After Reading',
            start: '2008-09-06T19:00:00-04:00',
            end: null,
            venue: { name: 'Roy Thomson Hall', address: '60 Simcoe St, Toronto' },
            url: 'https://fest.example/s1',
            description: null,
            films: ['burn-after-reading'],
            status: 'postponed',
          },
          // Nothing names it, but its date is real: offered, and the user names it.
          {
            title: null,
            start: '2008-09-07',
            end: null,
            venue: null,
            url: null,
            description: null,
            films: [],
            status: 'scheduled',
          },
          {
            title: 'Press breakfast',
            start: '2008-09-08T09:00:00-04:00',
            end: null,
            venue: null,
            url: null,
            description: null,
            films: [],
            status: 'moved online',
          },
        ],
      },
      { page: empty, events: [] },
    ]);
  });

  it('without --json: a readable summary with the reason for each node skipped', async () => {
    const file = await page('programme.html', PROGRAMME);
    const { lines, out } = capture();
    expect(await main(['events', file], out)).toBe(0);
    expect(lines.log).toEqual([
      `${file}: 3 events`,
      '  Burn After Reading (titled after its film or work) [postponed]: 2008-09-06T19:00:00-04:00, Roy Thomson Hall',
      '  (no name, and no film, performer or parent event to title it by: the user is asked to name it): 2008-09-07',
      '  Press breakfast [moved online]: 2008-09-08T09:00:00-04:00',
      '  skipped Event: no name, no film, performer or parent event to title it by, and no date',
    ]);
  });

  it('answers with the usage and status 1 without a page', async () => {
    const { lines, out } = capture();
    expect(await main(['events', '--json'], out)).toBe(1);
    expect(lines.error.join('\n')).toContain('afterparty events PAGE.html');
  });
});
