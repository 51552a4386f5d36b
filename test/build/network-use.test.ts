// docs/privacy.md promises that nothing leaves the device but the feed requests the user
// subscribed to. This keeps every network API out of the source but the feed fetcher's.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const NETWORK =
  /\bfetch\s*\(|\bXMLHttpRequest\b|\bWebSocket\b|\bEventSource\b|\bsendBeacon\b|\bRTCPeerConnection\b|\bimportScripts\b|\bnew\s+(?:Image|Audio)\s*\(/;
/** The only files allowed to touch the network, and why. */
const ALLOWED: Record<string, string> = {
  'src/background/feed-sync/fetch-feed.ts': 'fetches a subscribed feed, without credentials',
  'src/background/index.ts': 'hands the global fetch to the sync engine (createFeedSync({fetch}))',
};

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir('src', { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(?:ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).split('\\').join('/'));
}

/** Lines of code, leaving out whole-line comments, so a comment that mentions fetch() is not a finding. */
function codeLines(text: string): Array<[number, string]> {
  return text
    .split('\n')
    .map((line, i): [number, string] => [i + 1, line])
    .filter(([, line]) => !/^\s*(?:\/\/|\/?\*)/.test(line));
}

describe('network use in the source', () => {
  it('is limited to the feed fetcher', async () => {
    const files = await sourceFiles();
    expect(files.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of files) {
      for (const [number, line] of codeLines(await readFile(file, 'utf8'))) {
        if (NETWORK.test(line) && !(file in ALLOWED)) found.push(`${file}:${number}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('lists only files that exist and still use the network', async () => {
    for (const file of Object.keys(ALLOWED))
      expect(
        codeLines(await readFile(file, 'utf8')).some(([, line]) => NETWORK.test(line)),
        file,
      ).toBe(true);
  });
});
