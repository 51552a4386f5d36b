// The content script runs in every matching page and frame: its size is a budget. This builds
// the production bundle and checks content.js gzipped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The aim is 30 KB; measured 34.5 KB (Preact 10.6 KB and webextension-polyfill 9.7 KB minified are
// the largest parts, then the card's calendar export and feed validation). The budget holds the
// line where it is now, with a little room, until those move out of content.js.
const BUDGET_BYTES = 36 * 1024;

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
