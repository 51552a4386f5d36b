// src/db hands out queries and writes, never tables: a reader that opened a slot table itself
// would skip the live-slot filter (the "Not this film" bug of issue 10). This keeps it so.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TABLE_USE = /\bdb\.(?:[a-zA-Z]+\.|transaction\b)|\b(?:festivals|films|events)Alt\b/;
const DB_IMPORT = /from\s+'(?:\.\.\/)+db\/([^']+)'/g;
/** Modules outside src/db that import a db module other than its index, and why. */
const ALLOWED_IMPORTS: Record<string, string> = {};

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir('src', { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(?:ts|tsx)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).split('\\').join('/'));
}

const inDb = (file: string) => file.startsWith('src/db/');

describe('the database boundary', () => {
  it('no code outside src/db opens a table or names a slot table', async () => {
    const files = await sourceFiles();
    const found: string[] = [];
    for (const file of files.filter((f) => !inDb(f))) {
      (await readFile(file, 'utf8')).split('\n').forEach((line, i) => {
        if (TABLE_USE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
    // The pattern does find table use where it is allowed.
    const own = await Promise.all(files.filter(inDb).map((f) => readFile(f, 'utf8')));
    expect(own.some((text) => TABLE_USE.test(text))).toBe(true);
  });

  it('code outside src/db imports it through src/db/index.ts', async () => {
    const found: string[] = [];
    let viaIndex = 0;
    for (const file of (await sourceFiles()).filter((f) => !inDb(f))) {
      for (const [, module] of (await readFile(file, 'utf8')).matchAll(DB_IMPORT)) {
        if (module === 'index.ts') viaIndex += 1;
        else if (!(file in ALLOWED_IMPORTS)) found.push(`${file}: db/${module}`);
      }
    }
    expect(found).toEqual([]);
    expect(viaIndex).toBeGreaterThan(5);
  });
});
