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

  it('loads the good events of a feed with one bad event and names the bad one', async () => {
    const feed = {
      afterparty: 1,
      title: 'Mixed',
      events: [
        { id: 'ok', kind: 'party', title: 'Fine party' },
        { id: 'bad', kind: 'party', title: 42 },
      ],
    };
    const { lines, out } = capture();
    expect(await main(['validate', await file('mixed.json', JSON.stringify(feed))], out)).toBe(2);
    expect(lines.log[0]).toMatch(/1 events/);
    expect(lines.error.join('\n')).toMatch(/events\[1\]/);
  });

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
