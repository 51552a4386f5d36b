// Firefox's background in two scripts (issue 28, build.mjs FIREFOX_VENDOR): its libraries in
// vendor.js, listed first, which Firefox compiles beside background.js on another core; Chromium's
// worker stays one file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withProductionBuild, readManifest } from './production-build.ts';

const built = withProductionBuild();
const read = (browser: string, file: string) => readFile(join(built(), browser, file), 'utf8');

// Strings of each library's own code, none of them ours.
const LIBRARY_CODE = {
  dexie: 'Dexie',
  ical: 'invalid line (no token',
  polyfill: 'This script should only be loaded in a browser extension.',
};

describe("Firefox's background scripts", () => {
  it('lists the libraries before the background, and Chromium keeps its one worker file', async () => {
    expect((await readManifest(built(), 'firefox')).background).toEqual({ scripts: ['vendor.js', 'background.js'] });
    expect((await readManifest(built(), 'chrome')).background).toEqual({ service_worker: 'background.js' });
  });

  it("has each library's code in vendor.js alone, read by background.js from its global", async () => {
    const [vendor, background, chrome] = await Promise.all([
      read('firefox', 'vendor.js'),
      read('firefox', 'background.js'),
      read('chrome', 'background.js'),
    ]);
    for (const [name, code] of Object.entries(LIBRARY_CODE)) {
      expect(vendor, name).toContain(code);
      expect(background, name).not.toContain(code);
      expect(background, name).toContain(`__afterpartyVendor.${name}`);
      // Control: the same library is in Chromium's worker, which has no vendor global.
      expect(chrome, name).toContain(code);
    }
    expect(chrome).not.toContain('__afterpartyVendor');
  });

  it("sets each library's default export as its global when run, as an extension page runs it", async () => {
    const vendor = await read('firefox', 'vendor.js');
    // An extension realm as the polyfill checks it: Firefox's own `browser`, kept as it is.
    const realm: Record<string, unknown> = {};
    runInNewContext('globalThis.browser = { runtime: { id: "x" } }; globalThis.chrome = browser;', realm);
    runInNewContext(vendor, realm);
    const globals = realm.__afterpartyVendor as Record<string, { semVer?: unknown; Component?: unknown }>;
    expect(Object.keys(globals).sort()).toEqual(['dexie', 'ical', 'polyfill']);
    // Dexie's class (its name is minified away; its version is not).
    expect(typeof globals.dexie).toBe('function');
    expect(globals.dexie!.semVer).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof globals.ical!.Component).toBe('function');
    expect(globals.polyfill).toBe(realm.browser);
  });
});
