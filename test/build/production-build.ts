// Builds the store packages (no --dev) into a fresh temporary folder, as `npm run build` would.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

export const BROWSERS = ['chrome', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export async function buildProduction(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'afterparty-store-build-'));
  await promisify(execFile)(process.execPath, ['build.mjs', '--out', out], { cwd: process.cwd() });
  return out;
}

/**
 * A production build for the tests of one file: made before them, removed after. Returns a
 * getter for its folder (valid once the tests run).
 */
export function withProductionBuild(): () => string {
  let out = '';
  beforeAll(async () => {
    out = await buildProduction();
  }, 120_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });
  return () => out;
}

export async function readManifest(out: string, browser: BrowserName): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(out, browser, 'manifest.json'), 'utf8'));
}
