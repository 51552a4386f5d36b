// Store packages, reproducibly:
//   node scripts/package.mjs [--out DIR]    (npm run package; DIR defaults to packages/)
// writes afterparty-chrome-<version>.zip (Chrome Web Store), afterparty-firefox-<version>.zip
// (addons.mozilla.org) and afterparty-source-<version>.zip (the source AMO reviewers ask for,
// with BUILDING.md). Built twice from the same commit, the zips are byte-identical: entries are
// sorted, every timestamp is the commit's (or SOURCE_DATE_EPOCH), and nothing else varies.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * What a reviewer needs to rebuild the packages: the build, its inputs and the lockfile.
 * The demo page is one: the extension ships it for the first-run page's "Try it". Tests and CI
 * are left out. The package test rebuilds from the archive, so a new build input missing here
 * fails it.
 */
const SOURCE_PATHS = [
  'build.mjs',
  'manifest.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'README.md',
  'LICENSE',
  'docs/',
  'icons/',
  'schema/',
  'demo/index.html',
  'scripts/locales.mjs',
  'scripts/icons.mjs',
  'src/',
];

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** Seconds since 1970 for every entry: SOURCE_DATE_EPOCH, else the commit's time. */
function sourceDateEpoch() {
  const fromEnv = Number(process.env.SOURCE_DATE_EPOCH);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  const fromGit = Number(git('log', '-1', '--format=%ct'));
  return Number.isInteger(fromGit) && fromGit > 0 ? fromGit : Date.UTC(2000, 0, 1) / 1000;
}

/**
 * Zip stores local wall-clock time and fflate reads it with local getters, so the Date handed
 * over carries the UTC fields as local ones: the bytes do not depend on the machine's zone.
 */
function zipTime(epochSeconds) {
  const utc = new Date(Math.max(epochSeconds * 1000, Date.UTC(1980, 0, 1, 0, 0, 2)));
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  );
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Entries sorted by path, each with the same time, mode and compression level. */
async function writeZip(file, baseDir, paths, mtime, extra = {}) {
  const entries = {};
  const names = [...new Set([...paths, ...Object.keys(extra)])].sort();
  for (const name of names) {
    const data = extra[name] ?? new Uint8Array(await readFile(join(baseDir, name)));
    entries[name] = [data, { level: 9, mtime, os: 3, attrs: (0o100644 << 16) >>> 0 }];
  }
  await writeFile(file, zipSync(entries));
}

/**
 * The files git tracks (or would: new files not yet ignored count, so a build from a working
 * tree is archived as built). Outside a git checkout, the source paths are walked instead.
 */
async function sourceFiles() {
  const listed = git('ls-files', '-z', '--cached', '--others', '--exclude-standard');
  const candidates =
    listed !== null
      ? listed.split('\0').filter(Boolean)
      : (
          await Promise.all(
            SOURCE_PATHS.map(async (p) =>
              p.endsWith('/') && existsSync(join(root, p)) ? (await filesUnder(join(root, p))).map((f) => p + f) : [p],
            ),
          )
        ).flat();
  return candidates.filter(
    (path) =>
      SOURCE_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p)) && existsSync(join(root, path)),
  );
}

function buildingNotes(version) {
  return `# Building Afterparty ${version} from source

The add-on is TypeScript and Preact bundled by esbuild; nothing is minified by hand and no
code is generated at run time. To rebuild the submitted package:

1. Install Node.js 20 or later (packaged with Node ${process.versions.node}) and npm.
2. In this folder, install the exact dependencies from the lockfile:

       npm ci

3. Build the store packages:

       node build.mjs

4. \`dist/firefox/\` now holds the Firefox add-on and \`dist/chrome/\` the Chrome one; their
   files are identical to those in afterparty-firefox-${version}.zip and
   afterparty-chrome-${version}.zip.

Entry points: src/background/index.ts (background script), src/content/index.tsx (content
script), src/popup/index.tsx and src/options/index.tsx (extension pages). The build script is
build.mjs; it also merges the translation files (src/locales) into _locales/.
`;
}

export async function makePackages(outDir = join(root, 'packages')) {
  const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8'));
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  if (manifest.version !== pkg.version)
    throw new Error(`manifest.json says ${manifest.version} but package.json says ${pkg.version}; make them agree`);
  const version = manifest.version;
  const mtime = zipTime(sourceDateEpoch());
  // A fresh build in a temporary folder: a package never picks up a stale or --dev dist/.
  const buildDir = await mkdtemp(join(tmpdir(), 'afterparty-package-'));
  try {
    execFileSync(process.execPath, [join(root, 'build.mjs'), '--out', buildDir], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await mkdir(outDir, { recursive: true });
    const written = [];
    for (const browser of ['chrome', 'firefox']) {
      const file = join(outDir, `afterparty-${browser}-${version}.zip`);
      await writeZip(file, join(buildDir, browser), await filesUnder(join(buildDir, browser)), mtime);
      written.push(file);
    }
    const source = join(outDir, `afterparty-source-${version}.zip`);
    await writeZip(source, root, await sourceFiles(), mtime, {
      'BUILDING.md': new TextEncoder().encode(buildingNotes(version)),
    });
    written.push(source);
    return written;
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const out = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : undefined;
  for (const file of await makePackages(out)) console.log(relative(process.cwd(), file));
}
