import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which build a folder holds, for the report: a development build has source maps, a bench build
 * is the store code with 127.0.0.1 allowed (a store build cannot load the bench's pages).
 */
export function buildKind(chromeDir: string): string {
  const kb = (readFileSync(join(chromeDir, 'background.js')).length / 1024).toFixed(0);
  if (existsSync(join(chromeDir, 'background.js.map')))
    return `development build (unminified, source maps; background.js ${kb} KB)`;
  const manifest = JSON.parse(readFileSync(join(chromeDir, 'manifest.json'), 'utf8')) as {
    host_permissions?: string[];
  };
  return manifest.host_permissions?.some((p) => p.includes('127.0.0.1'))
    ? `bench build (store code, minified, + 127.0.0.1 and timeline marks; background.js ${kb} KB)`
    : `store build (background.js ${kb} KB)`;
}
