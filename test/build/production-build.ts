// Builds the store packages (no --dev) into a fresh temporary folder, as `npm run build` would.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const BROWSERS = ['chrome', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export async function buildProduction(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'afterparty-store-build-'));
  await promisify(execFile)(process.execPath, ['build.mjs', '--out', out], { cwd: process.cwd() });
  return out;
}

export async function readManifest(out: string, browser: BrowserName): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(out, browser, 'manifest.json'), 'utf8'));
}
