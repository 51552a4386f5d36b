// The CLI's CSV library (csv-parse) is for publishers on the command line; no extension page,
// worker or content script needs it. This builds the store bundles and looks for it in each.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// An error code csv-parse spells out in its source; minifying keeps string literals.
const MARKER = 'CSV_INVALID_CLOSING_QUOTE';

function scripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(dir, name));
}

describe('the CLI-only CSV library', () => {
  it('is in no extension bundle', () => {
    // Positive control: the marker is in the library as shipped, so its absence below means something.
    expect(readFileSync('node_modules/csv-parse/dist/esm/sync.js', 'utf8')).toContain(MARKER);
    const out = mkdtempSync(join(tmpdir(), 'ap-cli-deps-'));
    execFileSync(process.execPath, ['build.mjs', '--out', out], { stdio: 'pipe' });
    const files = [...scripts(join(out, 'chrome')), ...scripts(join(out, 'firefox'))];
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter((file) => readFileSync(file, 'utf8').includes(MARKER))).toEqual([]);
  }, 120_000);
});
