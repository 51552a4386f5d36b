// The content script runs in every matching page and frame: its size is a budget. This builds
// the production bundle and checks content.js gzipped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The aim: under 30 KB gzipped. Preact (10.6 KB minified) is the largest part; the
// content script talks to the browser without webextension-polyfill (src/ui/ext.ts).
const BUDGET_BYTES = 30 * 1024;

describe('the content script bundle', () => {
  it(`stays under ${BUDGET_BYTES / 1024} KB gzipped in the production build`, () => {
    const out = mkdtempSync(join(tmpdir(), 'ap-size-'));
    execFileSync(process.execPath, ['build.mjs', '--out', out], { stdio: 'pipe' });
    const bundle = readFileSync(join(out, 'chrome', 'content.js'));
    const gzipped = gzipSync(bundle, { level: 9 }).length;
    console.log(`content.js: ${bundle.length} bytes, ${gzipped} bytes gzipped (budget ${BUDGET_BYTES})`);
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
    // Production: minified, no source map.
    expect(bundle.toString('utf8')).not.toContain('sourceMappingURL');
  }, 60_000);
});
