// `npm run package`: three zips, byte-identical when built twice from the same tree (even in
// different time zones), and the source archive rebuilds exactly what the store zips hold.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const version: string = JSON.parse(await readFile('manifest.json', 'utf8')).version;
const NAMES = ['chrome', 'firefox', 'source'].map((kind) => `afterparty-${kind}-${version}.zip`);

let work: string;

async function packageInto(dir: string, timeZone: string): Promise<void> {
  const { SOURCE_DATE_EPOCH: _ignored, ...env } = process.env;
  await run(process.execPath, ['scripts/package.mjs', '--out', dir], { env: { ...env, TZ: timeZone } });
}

async function sha256(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

async function entries(name: string): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await readFile(join(work, 'first', name))));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'afterparty-package-test-'));
  // Back to back, so that the tree cannot change in between.
  await packageInto(join(work, 'first'), 'UTC');
  await packageInto(join(work, 'second'), 'Pacific/Kiritimati');
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm run package', () => {
  it('writes the Chrome, Firefox and source zips, byte-identical on a second build', async () => {
    for (const name of NAMES) {
      const [first, second] = await Promise.all([
        sha256(join(work, 'first', name)),
        sha256(join(work, 'second', name)),
      ]);
      expect(second, name).toBe(first);
    }
  });

  it('stores entries sorted, with one fixed timestamp', async () => {
    for (const name of NAMES) {
      const zip = new Uint8Array(await readFile(join(work, 'first', name)));
      // The end record (no comment, so the last 22 bytes) points at the central directory, whose
      // records hold the DOS time and date at +12 and the name length at +28 (APPNOTE 4.3.12).
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      const end = zip.length - 22;
      expect(view.getUint32(end, true), name).toBe(0x06054b50);
      const names: string[] = [];
      const stamps = new Set<number>();
      let at = view.getUint32(end + 16, true);
      for (let i = 0; i < view.getUint16(end + 10, true); i++) {
        expect(view.getUint32(at, true)).toBe(0x02014b50);
        stamps.add(view.getUint32(at + 12, true));
        const [nameLength, extraLength, commentLength] = [28, 30, 32].map((o) => view.getUint16(at + o, true)) as [
          number,
          number,
          number,
        ];
        names.push(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)));
        at += 46 + nameLength + extraLength + commentLength;
      }
      expect(names.length, name).toBeGreaterThan(5);
      expect(names, name).toEqual([...names].sort());
      expect(stamps.size, name).toBe(1);
    }
  });

  it('packages each browser its own manifest, with no development origins', async () => {
    const chrome = JSON.parse(new TextDecoder().decode((await entries(NAMES[0]!))['manifest.json']));
    const firefox = JSON.parse(new TextDecoder().decode((await entries(NAMES[1]!))['manifest.json']));
    expect(chrome.background).toEqual({ service_worker: 'background.js' });
    expect(chrome.browser_specific_settings).toBeUndefined();
    expect(firefox.background).toEqual({ scripts: ['vendor.js', 'background.js'] });
    expect(firefox.browser_specific_settings.gecko.id).toBe('afterparty@afterparty.film');
    for (const manifest of [chrome, firefox]) {
      expect(manifest.version).toBe(version);
      expect(JSON.stringify(manifest)).not.toMatch(/127\.0\.0\.1|localhost/);
    }
  });

  it('archives the source with build instructions and the demo page it ships, without tests', async () => {
    const names = Object.keys(await entries(NAMES[2]!));
    expect(names).toEqual(
      expect.arrayContaining([
        'BUILDING.md',
        'build.mjs',
        'manifest.json',
        'package.json',
        'package-lock.json',
        'src/background/index.ts',
        'src/content/index.tsx',
      ]),
    );
    expect(names.filter((n) => /^(test|dist|packages|node_modules|\.ci)\//.test(n))).toEqual([]);
    // The extension ships the demo page (demo.html, the first-run page's "Try it"): its one input.
    expect(names.filter((n) => n.startsWith('demo/'))).toEqual(['demo/index.html']);
  });

  it('rebuilds, from the source archive alone, exactly the files of the store zips', async () => {
    const source = join(work, 'source');
    for (const [name, data] of Object.entries(await entries(NAMES[2]!))) {
      await mkdir(dirname(join(source, name)), { recursive: true });
      await writeFile(join(source, name), data);
    }
    // What `npm ci` would install, without the network.
    await symlink(resolve('node_modules'), join(source, 'node_modules'), 'dir');
    await run(process.execPath, ['build.mjs', '--out', join(source, 'dist')], { cwd: source });
    for (const [browser, name] of [
      ['chrome', NAMES[0]!],
      ['firefox', NAMES[1]!],
    ] as const) {
      for (const [file, data] of Object.entries(await entries(name))) {
        const rebuilt = new Uint8Array(await readFile(join(source, 'dist', browser, file)));
        expect(Buffer.compare(rebuilt, data), `${browser}/${file}`).toBe(0);
      }
    }
  }, 120_000);
});
