// `build.mjs --bench` (issue 28): the code users run, plus only what the Chromium bench needs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKind } from '../../bench/build-kind.ts';
import { BROWSERS, buildProduction, readManifest } from './production-build.ts';

let bench = '';
let store = '';
beforeAll(async () => {
  bench = await mkdtemp(join(tmpdir(), 'afterparty-bench-build-'));
  [store] = await Promise.all([
    buildProduction(),
    promisify(execFile)(process.execPath, ['build.mjs', '--bench', '--out', bench], { cwd: process.cwd() }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([bench, store].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

const read = (dir: string, browser: string, file: string) => readFile(join(dir, browser, file), 'utf8');

describe('the bench build', () => {
  it('has the store build manifest with 127.0.0.1 and localhost added, and nothing else', async () => {
    for (const browser of BROWSERS) {
      const [benchManifest, storeManifest] = await Promise.all([
        readManifest(bench, browser),
        readManifest(store, browser),
      ]);
      expect(benchManifest.host_permissions).toEqual(
        expect.arrayContaining(['http://127.0.0.1/*', 'http://localhost/*']),
      );
      // Control: the store build has no loopback host.
      expect(JSON.stringify(storeManifest)).not.toContain('127.0.0.1');
      const loopback = (list: string[] = []) => list.filter((p) => !/127\.0\.0\.1|localhost/.test(p));
      expect({
        ...benchManifest,
        host_permissions: loopback(benchManifest.host_permissions),
        content_scripts: benchManifest.content_scripts.map((s: { matches: string[] }) => ({
          ...s,
          matches: loopback(s.matches),
        })),
      }).toEqual({ ...storeManifest, host_permissions: storeManifest.host_permissions ?? [] });
    }
  });

  it('is minified without source maps, and keeps the timeline marks the store build drops', async () => {
    // One mark of each realm: the worker's end of evaluation, the page's batch.
    for (const [file, mark] of [
      ['background.js', 'worker-script'],
      ['content.js', 'afterparty:batch'],
    ] as const) {
      const [benchCode, storeCode] = await Promise.all([read(bench, 'chrome', file), read(store, 'chrome', file)]);
      expect(benchCode).not.toContain('sourceMappingURL');
      expect(existsSync(join(bench, 'chrome', `${file}.map`))).toBe(false);
      expect(benchCode).toContain(mark);
      expect(storeCode).not.toContain(mark);
      // Minified as the store build: within the marks' few hundred bytes of it.
      expect(benchCode.length).toBeLessThan(storeCode.length + 2_000);
    }
  });

  it('is told apart from the other builds in the bench report', () => {
    expect(buildKind(join(bench, 'chrome'))).toMatch(/^bench build/);
    expect(buildKind(join(store, 'chrome'))).toMatch(/^store build/);
  });
});
