// Locale catalogs are kept one file per area (src/locales/<lang>/<area>.json) so that parts of
// the extension can change their strings independently; the build merges them into the
// _locales/<lang>/messages.json that browsers read.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCALES = ['en', 'fr'];

export async function loadCatalog(root, lang) {
  const dir = join(root, 'src', 'locales', lang);
  const catalog = {};
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const entries = JSON.parse(await readFile(join(dir, file), 'utf8'));
    for (const [key, value] of Object.entries(entries)) {
      if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`${lang}/${file}: "${key}" is not a valid message name`);
      if (Object.hasOwn(catalog, key)) throw new Error(`${lang}/${file}: "${key}" is defined twice`);
      if (typeof value?.message !== 'string') throw new Error(`${lang}/${file}: "${key}" has no "message"`);
      catalog[key] = value;
    }
  }
  return catalog;
}
