import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { parsePage, scanBlocks, type PageMatch } from '../../src/cli/scan.ts';
import { iterateBlocks } from '../../src/content/text-extract.ts';
import { compileMatcher } from '../../src/core/matching/matcher.ts';

const CATALOG = 'test/fixtures/corpus/catalog.json';

function capture() {
  const lines: { log: string[]; error: string[] } = { log: [], error: [] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

async function file(name: string, body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'afterparty-scan-'));
  const path = join(dir, name);
  await writeFile(path, body);
  return path;
}

const PAGE = `<!doctype html><html><head><title>Crash</title><script>var t = "Milk";</script></head><body>
<nav><a href="/">Home</a> <a href="/up">Up</a></nav>
<h1>İSTANBUL 🎬 the Happy-<b>Go</b>-Lucky dinner</h1>
<p>Cronenberg’s <i>Crash</i> (1996), then <x-widget><template shadowrootmode="open"><span>Young People F***ing</span></template></x-widget>.</p>
<textarea>Burn After Reading</textarea>
</body></html>`;

describe('afterparty scan', () => {
  it('prints the matches with offsets into the visible text', async () => {
    const { lines, out } = capture();
    expect(await main(['scan', await file('page.html', PAGE), '--feed', CATALOG], out)).toBe(0);
    expect(lines.error).toEqual([]);
    const matches = JSON.parse(lines.log.join('\n')) as PageMatch[];
    expect(matches.map((m) => [m.filmId, m.surface])).toEqual([
      ['happy-go-lucky', 'Happy-Go-Lucky'],
      ['crash-1996', 'Crash'],
      ['young-people-fucking', 'Young People F***ing'],
    ]);
    expect(matches[1]?.filmIds).toEqual(['crash-1996', 'crash-2004']);
    // The offsets index the page's visible text: its blocks joined by line breaks.
    const { text } = scanBlocks(iterateBlocks(parsePage(PAGE)), compileMatcher([]));
    expect(text.split('\n').slice(0, 2)).toEqual(['Home Up', 'İSTANBUL 🎬 the Happy-Go-Lucky dinner']);
    for (const m of matches) expect(text.slice(m.start, m.end)).toBe(m.surface);
    expect(matches[0]?.start).toBe(text.indexOf('Happy'));
  });

  it('prints a shortened title the page uses after naming it, and none once it used the word alone before', async () => {
    const scan = async (page: string) => {
      const { lines, out } = capture();
      expect(await main(['scan', await file('short.html', page), '--feed', CATALOG], out)).toBe(0);
      return (JSON.parse(lines.log.join('\n')) as PageMatch[]).map((m) => [m.filmId, m.surface, m.start]);
    };
    const named = '<p>Slumdog Millionaire won.</p><p>The Slumdog party ran on.</p>';
    expect(await scan(named)).toEqual([
      ['slumdog-millionaire', 'Slumdog Millionaire', 0],
      ['slumdog-millionaire', 'Slumdog', 29],
    ]);
    expect(await scan(`<p>The Slumdog crowd was late.</p>${named}`)).toEqual([
      ['slumdog-millionaire', 'Slumdog Millionaire', 28],
    ]);
  });

  it('accepts --feed before the page', async () => {
    const { lines, out } = capture();
    expect(await main(['scan', '--feed', CATALOG, await file('p.html', '<p>We saw Juno.</p>')], out)).toBe(0);
    expect(JSON.parse(lines.log.join('\n'))).toEqual([
      { filmId: 'juno', filmIds: ['juno'], surface: 'Juno', start: 7, end: 11 },
    ]);
  });

  it('refuses a feed that is not a feed, and prints usage without --feed', async () => {
    const { lines, out } = capture();
    const page = await file('p.html', '<p>Juno</p>');
    expect(await main(['scan', page, '--feed', await file('f.json', '{"nope": true}')], out)).toBe(1);
    expect(lines.error[0]).toMatch(/not a feed/);
    expect(await main(['scan', page], out)).toBe(1);
    expect(lines.error.at(-1)).toMatch(/Usage/);
    expect(await main(['scan', '/nonexistent.html', '--feed', CATALOG], out)).toBe(1);
    expect(lines.error.at(-1)).toMatch(/ENOENT|no such file/);
  });

  it('runs as `npx afterparty scan`', async () => {
    const page = await file('p.html', '<p>The <a href="/f">Medicine for Melancholy</a> karaoke.</p>');
    const { stdout } = await promisify(execFile)(process.execPath, [
      'bin/afterparty.mjs',
      'scan',
      page,
      '--feed',
      CATALOG,
    ]);
    expect(JSON.parse(stdout)).toEqual([
      {
        filmId: 'medicine-for-melancholy',
        filmIds: ['medicine-for-melancholy'],
        surface: 'Medicine for Melancholy',
        start: 4,
        end: 27,
      },
    ]);
  }, 30_000);
});
