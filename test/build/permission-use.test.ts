// Least privilege, both ways: every extension API the source calls that needs a permission has
// it in manifest.json (else the feature fails at run time, in the field), and every API
// permission the manifest asks for is used by the source (else it is privilege for nothing).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** APIs that exist only with the permission of the same name (developer.chrome.com/docs/extensions/reference). */
const PERMISSION_APIS = [
  'alarms',
  'bookmarks',
  'contextMenus',
  'cookies',
  'declarativeNetRequest',
  'downloads',
  'history',
  'identity',
  'idle',
  'management',
  'notifications',
  'offscreen',
  'privacy',
  'proxy',
  'scripting',
  'sessions',
  'sidePanel',
  'storage',
  'tabGroups',
  'topSites',
  'webNavigation',
  'webRequest',
];
const API_USE = new RegExp(`\\b[A-Za-z_$][\\w$]*\\.(${PERMISSION_APIS.join('|')})\\.[a-zA-Z]`, 'g');

async function usedApis(): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  const entries = await readdir('src', { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile() && /\.(?:ts|tsx)$/.test(e.name))) {
    const file = join(entry.parentPath, entry.name);
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (/^\s*(?:\/\/|\*)/.test(line)) continue;
      for (const match of line.matchAll(API_USE)) if (!used.has(match[1]!)) used.set(match[1]!, file);
    }
  }
  return used;
}

describe('API permissions in manifest.json', () => {
  it('cover every permission-gated API the source calls, and nothing it does not', async () => {
    const manifest = JSON.parse(await readFile('manifest.json', 'utf8'));
    const requested = new Set<string>([...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? [])]);
    const used = await usedApis();
    const missing = [...used].filter(([api]) => !requested.has(api)).map(([api, file]) => `${api} (used in ${file})`);
    expect(missing, 'APIs called without their permission').toEqual([]);
    const unused = [...requested].filter((permission) => PERMISSION_APIS.includes(permission) && !used.has(permission));
    expect(unused, 'API permissions asked for but never used').toEqual([]);
  });
});
