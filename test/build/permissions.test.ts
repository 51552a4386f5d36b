// The production manifests grant exactly what docs/permissions.md lists and justifies.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BROWSERS, withProductionBuild, readManifest } from './production-build.ts';

const REVIEWED_KEYS = [
  'permissions',
  'optional_permissions',
  'host_permissions',
  'optional_host_permissions',
  'content_scripts.matches',
  'web_accessible_resources.resources',
  'web_accessible_resources.matches',
  'externally_connectable.matches',
] as const;
type ReviewedKey = (typeof REVIEWED_KEYS)[number];

/** `| \`key\` | \`value\` | why |` rows of the doc's table. */
async function reviewedList(): Promise<Array<{ key: string; value: string; why: string }>> {
  const doc = await readFile('docs/permissions.md', 'utf8');
  const rows = [...doc.matchAll(/^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|(.*)\|\s*$/gm)];
  return rows.map((m) => ({ key: m[1]!, value: m[2]!, why: m[3]!.trim() }));
}

function granted(manifest: Record<string, any>, key: ReviewedKey): string[] {
  const [top, inner] = key.split('.') as [string, string | undefined];
  const value = manifest[top];
  if (value === undefined) return [];
  const entries: unknown[] = inner
    ? (Array.isArray(value) ? value : [value]).flatMap((entry) => entry?.[inner] ?? [])
    : value;
  return [...new Set(entries.map(String))].sort();
}

const built = withProductionBuild();

describe('docs/permissions.md, the reviewed permission list', () => {
  it('justifies every row in words and uses only known manifest keys', async () => {
    const rows = await reviewedList();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(REVIEWED_KEYS, `${row.key} in docs/permissions.md`).toContain(row.key);
      expect(row.why.length, `why ${row.key} ${row.value}`).toBeGreaterThan(15);
    }
  });

  it.each(BROWSERS)('equals what the production %s manifest grants, key by key', async (browser) => {
    const manifest = await readManifest(built(), browser);
    const rows = await reviewedList();
    for (const key of REVIEWED_KEYS) {
      const listed = [...new Set(rows.filter((r) => r.key === key).map((r) => r.value))].sort();
      expect(granted(manifest, key), `${key} of the ${browser} manifest vs docs/permissions.md`).toEqual(listed);
    }
  });

  it.each(BROWSERS)('gives the %s manifest no development origin and no all-sites access up front', async (browser) => {
    const text = JSON.stringify(await readManifest(built(), browser));
    expect(text).not.toMatch(/127\.0\.0\.1|localhost/);
    const manifest = await readManifest(built(), browser);
    for (const key of ['permissions', 'host_permissions', 'content_scripts.matches'] as const) {
      expect(granted(manifest, key)).not.toEqual(expect.arrayContaining(['<all_urls>']));
      for (const pattern of granted(manifest, key)) expect(pattern, key).not.toMatch(/^(\*|https?):\/\/\*\//);
    }
  });

  it.each(BROWSERS)('sets a strict content security policy on the %s extension pages', async (browser) => {
    const manifest = await readManifest(built(), browser);
    const policy: string = manifest.content_security_policy?.extension_pages ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-|https?:|\bdata:|\bblob:|\*/);
    expect(manifest.content_security_policy?.sandbox).toBeUndefined();
  });
});
