// Issue 24: the worker is the one owner of "which film does this text name". A matcher is
// compiled only where the catalog is: the worker (src/background), the command line (src/cli,
// over a feed file) and the matching code itself; the popup, the options page, the content
// script and core/ical ask the worker or are handed a tie.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// compileTitles is the worker's way in since the stored index (#28): it compiles as much.
const COMPILES = /\b(?:compileMatcher(?:With)?|compileTitles)\b/;
const OWNERS = ['src/background/', 'src/cli/', 'src/core/matching/'];

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir('src', { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(?:ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).split('\\').join('/'));
}

/** Lines of code, leaving out whole-line comments, so a comment naming compileMatcher is not a finding. */
function compilingLines(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => !/^\s*(?:\/\/|\/?\*)/.test(line) && COMPILES.test(line))
    .map(([number, line]) => `${file}:${number}: ${line.trim()}`);
}

async function findings(): Promise<string[]> {
  const found: string[] = [];
  for (const file of await sourceFiles()) found.push(...compilingLines(file, await readFile(file, 'utf8')));
  return found;
}

describe('compileMatcher', () => {
  it('is named only under src/background, src/cli and src/core/matching', async () => {
    const outside = (await findings()).filter((line) => !OWNERS.some((dir) => line.startsWith(dir)));
    expect(outside).toEqual([]);
  });

  it('is found where it is known to be called (positive control)', async () => {
    const found = await findings();
    expect(found.some((line) => line.startsWith('src/background/title-matcher.ts:'))).toBe(true);
    expect(found.some((line) => line.startsWith('src/cli/scan.ts:'))).toBe(true);
  });

  it('flags a popup compiling its own, and not a comment that names it', () => {
    const popup = `import { compileMatcher } from '../../core/matching/index.ts';
// compileMatcher runs in the worker
const matcher = useMemo(() => compileMatcher(catalog.films), [catalog.films]);`;
    expect(compilingLines('src/ui/popup/user-event-films.tsx', popup)).toEqual([
      "src/ui/popup/user-event-films.tsx:1: import { compileMatcher } from '../../core/matching/index.ts';",
      'src/ui/popup/user-event-films.tsx:3: const matcher = useMemo(() => compileMatcher(catalog.films), [catalog.films]);',
    ]);
  });
});
