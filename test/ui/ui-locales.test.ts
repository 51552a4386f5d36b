import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODIFIER_KEYS, THEMES, UNDERLINE_STYLES, ZONE_CHOICES } from '../../src/core/settings.ts';
import { ACCESS_LEVELS, EVENT_KINDS } from '../../src/core/model.ts';

// Every area's file of the language, merged as the build merges them (scripts/locales.mjs).
async function read(lang: string): Promise<Record<string, { message: string }>> {
  const dir = `src/locales/${lang}`;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const catalogs = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as object),
  );
  return Object.assign({}, ...catalogs) as Record<string, { message: string }>;
}

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (/\.tsx?$/.test(entry.name)) out.push(await readFile(path, 'utf8'));
  }
  return out;
}

describe('the UI catalogs', () => {
  it('have every ui_ key the code uses, in English and in French, with the same placeholders', async () => {
    const [en, fr] = await Promise.all([read('en'), read('fr')]);
    const code = (await Promise.all(['src/ui', 'src/popup', 'src/options', 'src/content'].map(sources)))
      .flat()
      .join('\n');
    const used = new Set([...code.matchAll(/t\(\s*'((?:ui|schedule)_[A-Za-z0-9_]+)'/g)].map((m) => m[1]!));
    // Keys built from a value: one per kind, access level and setting choice.
    for (const kind of EVENT_KINDS) used.add(`ui_kind_${kind}`);
    for (const access of ACCESS_LEVELS) used.add(`ui_access_${access}`);
    for (const [name, choices] of Object.entries({
      modifierKey: MODIFIER_KEYS,
      underlineStyle: UNDERLINE_STYLES,
      theme: THEMES,
      timeZoneShown: ZONE_CHOICES,
    })) {
      for (const choice of choices) used.add(`ui_${name}_${choice}`);
    }
    expect(used.size).toBeGreaterThan(80);
    for (const key of used) {
      expect(en[key]?.message, key).toBeTruthy();
      expect(fr[key]?.message, key).toBeTruthy();
      const holes = (text: string) => [...text.matchAll(/\$\d/g)].map((m) => m[0]).sort();
      expect(holes(fr[key]!.message), key).toEqual(holes(en[key]!.message));
    }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
});
