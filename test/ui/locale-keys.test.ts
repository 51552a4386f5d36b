// Every catalog key is one the code uses, and every key the code uses is in both catalogs (#29.5).
// A key is used when the code names it whole: in t('…') or plural('…'), as a string literal that
// reaches t() through a table or a condition (OUTCOME_KEYS, `x ? 'a' : 'b'`), or as
// __MSG_…__ in the manifest. Keys built from a value (t(`ui_kind_${kind}`)) are expanded here from
// the value lists themselves, and every such template in the code must be one listed here, so a
// new one cannot hide a dead key behind a prefix.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../scripts/locales.mjs';
import { KINDS as RECORD_KINDS } from '../../src/core/device-sync/records.ts';
import { ACCESS_LEVELS, EVENT_KINDS } from '../../src/core/model.ts';
import type { ReminderBlock } from '../../src/core/plan/reminders.ts';
import {
  MODIFIER_KEYS,
  PRIVATE_VALUES,
  REMINDER_LEADS,
  THEMES,
  TRAVEL_MODES,
  UNDERLINE_STYLES,
  ZONE_CHOICES,
} from '../../src/core/settings.ts';

type Catalog = Record<string, { message: string }>;

const PLURAL_ENDING = /_(zero|one|two|few|many|other)$/;

// Typed against ReminderBlock: a new reason fails tsc until it is listed.
const REMINDER_BLOCKS = Object.keys({
  leadOff: 1,
  noPermission: 1,
  noTime: 1,
  cancelled: 1,
  over: 1,
} satisfies Record<ReminderBlock, 1>);

const underscored = (choice: string) => choice.replaceAll('-', '_');

/** Each template the code passes to t(), and the keys it can make. */
const DYNAMIC: Record<string, string[]> = {
  'ui_kind_${kind}': EVENT_KINDS.map((kind) => `ui_kind_${kind}`),
  'ui_access_${access}': ACCESS_LEVELS.map((access) => `ui_access_${access}`),
  'deviceSync_kind_${kind}': RECORD_KINDS.map((kind) => `deviceSync_kind_${kind}`),
  'plan_by_${mode}': TRAVEL_MODES.map((mode) => `plan_by_${mode}`),
  'remind_blocked_${view.blocked}': REMINDER_BLOCKS.map((block) => `remind_blocked_${block}`),
  // Device sync offers back only the settings that keep something private.
  'ui_${name}': Object.keys(PRIVATE_VALUES).map((name) => `ui_${name}`),
  // The options' choice lists (ui/options/display-settings.tsx), with their catalog area.
  "${prefix}_${name}_${choice.replaceAll('-', '_')}": [
    ...Object.entries({
      modifierKey: MODIFIER_KEYS,
      underlineStyle: UNDERLINE_STYLES,
      theme: THEMES,
      timeZoneShown: ZONE_CHOICES,
    }).flatMap(([name, choices]) => choices.map((choice) => `ui_${name}_${underscored(choice)}`)),
    ...TRAVEL_MODES.map((mode) => `plan_travelMode_${mode}`),
    ...REMINDER_LEADS.map((lead) => `remind_reminderLead_${underscored(lead)}`),
  ],
};

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join('src', 'locales')) out.push(...(await sourceFiles(path)));
    } else if (/\.(tsx?|mjs|html)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The code without its comments, so that a key only mentioned in a comment counts as unused. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

interface Uses {
  /** Keys named whole in t('…'). */
  called: Set<string>;
  /** Keys named whole in plural('…'): the catalog holds key_one, key_other… */
  counted: Set<string>;
  /** Every string literal in the code. */
  literals: Set<string>;
  /** The templates passed to t() or plural(). */
  templates: Set<string>;
}

function usesIn(code: string): Uses {
  const all = (pattern: RegExp) => new Set([...code.matchAll(pattern)].map((m) => m[1]!));
  return {
    called: all(/\bt\(\s*'([A-Za-z0-9_]+)'/g),
    counted: all(/\bplural\(\s*'([A-Za-z0-9_]+)'/g),
    literals: new Set([...all(/'([A-Za-z0-9_]+)'/g), ...all(/"([A-Za-z0-9_]+)"/g), ...all(/__MSG_([A-Za-z0-9_]+)__/g)]),
    templates: all(/\b(?:t|plural)\(\s*`([^`]*)`/g),
  };
}

/** The catalog's keys that the code never names, whole or through a known template. */
function unreferenced(catalog: Catalog, uses: Uses): string[] {
  const dynamic = new Set(Object.values(DYNAMIC).flat());
  return Object.keys(catalog).filter((key) => {
    const base = key.replace(PLURAL_ENDING, '');
    if (uses.called.has(key) || dynamic.has(key) || uses.literals.has(key)) return false;
    return !(PLURAL_ENDING.test(key) && (uses.counted.has(base) || uses.literals.has(base)));
  });
}

/** What a catalog lacks of the keys the code names in t('…') and plural('…'), and the templates'. */
function missing(catalog: Catalog, uses: Uses): string[] {
  const gaps = [...uses.called, ...Object.values(DYNAMIC).flat()].filter((key) => !catalog[key]?.message);
  for (const key of uses.counted) {
    for (const form of ['one', 'other']) if (!catalog[`${key}_${form}`]?.message) gaps.push(`${key}_${form}`);
  }
  return gaps;
}

async function readCode(): Promise<Uses> {
  const files = [...(await sourceFiles('src')), 'manifest.json'];
  const code = await Promise.all(files.map(async (f) => withoutComments(await readFile(f, 'utf8'))));
  return usesIn(code.join('\n'));
}

describe('the catalogs and the code', () => {
  it('hold no key the code does not use, in English or in French', async () => {
    const [uses, en, fr] = await Promise.all([readCode(), loadCatalog('.', 'en'), loadCatalog('.', 'fr')]);
    expect(Object.keys(en).length).toBeGreaterThan(400);
    expect(unreferenced(en as Catalog, uses)).toEqual([]);
    expect(unreferenced(fr as Catalog, uses)).toEqual([]);
  });

  it('hold every key the code uses, in English and in French', async () => {
    const [uses, en, fr] = await Promise.all([readCode(), loadCatalog('.', 'en'), loadCatalog('.', 'fr')]);
    expect(uses.called.size).toBeGreaterThan(300);
    expect(uses.counted.size).toBeGreaterThan(20);
    expect(missing(en as Catalog, uses)).toEqual([]);
    expect(missing(fr as Catalog, uses)).toEqual([]);
  });

  it('build keys only from the templates listed here', async () => {
    const uses = await readCode();
    expect([...uses.templates].sort()).toEqual(Object.keys(DYNAMIC).sort());
  });

  it('find an unused key, a key only in a comment, and a missing one (positive controls)', () => {
    const catalog: Catalog = {
      ui_used: { message: 'a' },
      ui_table: { message: 'b' },
      ui_count_one: { message: 'c' },
      ui_count_other: { message: 'c' },
      ui_kind_party: { message: 'd' },
      ui_commented: { message: 'e' },
      ui_stale_one: { message: 'f' },
      ui_stale_other: { message: 'f' },
    };
    const code = withoutComments(
      [
        "t('ui_used'); plural('ui_count', 2); t('ui_absent'); plural('ui_uncounted', 1);",
        "const KEYS = { added: 'ui_table' };",
        "// t('ui_commented') was removed",
        "fetch('https://example.org/'); t(`ui_kind_${kind}`);",
      ].join('\n'),
    );
    const uses = usesIn(code);
    expect(unreferenced(catalog, uses)).toEqual(['ui_commented', 'ui_stale_one', 'ui_stale_other']);
    expect(missing(catalog, uses)).toEqual(
      expect.arrayContaining(['ui_absent', 'ui_uncounted_one', 'ui_uncounted_other']),
    );
    expect(missing(catalog, uses)).not.toContain('ui_used');
    expect(uses.templates).toEqual(new Set(['ui_kind_${kind}']));
  });
});
