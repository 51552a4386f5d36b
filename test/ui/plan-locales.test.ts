// The plan's strings (src/locales/*/plan.json): every plan_ key the code names exists in English
// and French with the same placeholders, and nothing else lives in those files.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TRAVEL_MODES } from '../../src/core/settings.ts';

const read = async (lang: string) =>
  JSON.parse(await readFile(`src/locales/${lang}/plan.json`, 'utf8')) as Record<string, { message: string }>;
const placeholders = (m: string) => [...m.matchAll(/\$\d/g)].map((x) => x[0]).sort();

describe('plan strings', () => {
  it('cover every key used, in both languages, with the same placeholders', async () => {
    const [en, fr] = await Promise.all([read('en'), read('fr')]);
    const code = (
      await Promise.all(
        ['src/ui/popup/trip-line.tsx', 'src/ui/popup/saved-view.tsx', 'src/ui/options/display-settings.tsx'].map((f) =>
          readFile(f, 'utf8'),
        ),
      )
    ).join('\n');
    const used = new Set([...code.matchAll(/'(plan_[A-Za-z0-9_]+)'/g)].map((m) => m[1]!));
    for (const mode of TRAVEL_MODES) used.add(`plan_by_${mode}`).add(`plan_travelMode_${mode}`);
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) {
      // A count's key (plural(), src/browser/i18n.ts) is its _one and _other forms.
      const keys = en[name] ? [name] : [`${name}_one`, `${name}_other`];
      for (const key of keys) {
        expect(en[key], key).toBeDefined();
        expect(fr[key], key).toBeDefined();
        expect(placeholders(fr[key]!.message), key).toEqual(placeholders(en[key]!.message));
      }
    }
    expect(Object.keys(en).every((k) => k.startsWith('plan_'))).toBe(true);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
});
