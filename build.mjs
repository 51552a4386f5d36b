// Builds dist/chrome and dist/firefox from one source tree.
//   node build.mjs          store builds
//   node build.mjs --dev    also runs on http://127.0.0.1 and http://localhost (demo page, tests)
//   node build.mjs --watch  rebuilds on change (implies --dev)
//   node build.mjs --bench  the store build's code (minified, no source maps) plus only what the
//                           benches need: 127.0.0.1 and localhost, and the timeline marks
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, loadCatalog } from './scripts/locales.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const args = new Set(argv);
// --out DIR writes DIR/chrome and DIR/firefox instead of dist/ (parallel test runs).
const outRoot = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : join(root, 'dist');
const watch = args.has('--watch');
const dev = args.has('--dev') || watch;
// Issue 28: a development bundle is twice the size of what users run, unminified with its
// source maps, and a wake's time is partly its evaluation: the cold bench measures this build.
const bench = args.has('--bench') && !dev;
// https too: a webcal:// link is fetched over https (test/e2e/webcal-subscribe.test.ts).
const DEV_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://127.0.0.1/*', 'https://localhost/*'];
const STATIC_FILES = [
  'src/popup/popup.html',
  'src/options/options.html',
  'src/welcome/welcome.html',
  'src/content/content.css',
  'src/ui/shared/pages.css',
];

const entryPoints = {
  background: 'src/background/index.ts',
  content: 'src/content/index.tsx',
  // The top frame's wake at document_start (issue 28): its own bundle, none of the content script's code.
  wake: 'src/content-wake/index.ts',
  popup: 'src/popup/index.tsx',
  options: 'src/options/index.tsx',
  welcome: 'src/welcome/index.tsx',
};

/**
 * Firefox's event page (issue 28): the libraries its background uses, a script of their own listed
 * before background.js. A woken event page compiles its scripts afresh (no bytecode cache): one
 * 466 KB script was 52-58 ms of compiling before its first statement (docs/performance.md,
 * "Firefox's event page woken"). Firefox compiles each script off the main thread as it arrives, two scripts
 * side by side when a core is free, then runs them in order. Each library's default export is a
 * global of the page (`__afterpartyVendor`), which background.js reads in their place. Chromium's
 * worker keeps one file (its code cache compiles it once, at install).
 */
export const FIREFOX_VENDOR = { dexie: 'dexie', 'ical.js': 'ical', 'webextension-polyfill': 'polyfill' };
export const FIREFOX_BACKGROUND_SCRIPTS = ['vendor.js', 'background.js'];

/** One manifest source; each browser gets only the keys it understands. */
export function manifestFor(browser, base, { dev: isDev, localHosts = isDev }) {
  const manifest = structuredClone(base);
  // The top frame's wake (issue 28) runs wherever the content script runs: its sites are the
  // content script's, written once in manifest.json.
  const [content] = manifest.content_scripts;
  manifest.content_scripts.push({
    matches: [...content.matches],
    js: ['wake.js'],
    run_at: 'document_start',
    all_frames: false,
  });
  if (browser === 'chrome') {
    delete manifest.background.scripts;
    delete manifest.browser_specific_settings;
  } else {
    delete manifest.background.service_worker;
    manifest.background.scripts = [...FIREFOX_BACKGROUND_SCRIPTS];
    // Firefox's document_idle waits for the load event (and its images), Chromium's comes at
    // DOMContentLoaded when the page is idle: document_end starts Firefox's scan as early.
    // The wake (wake.js) keeps document_start: its point is to come before either.
    for (const script of manifest.content_scripts) if (script.js.includes('content.js')) script.run_at = 'document_end';
  }
  if (localHosts) {
    for (const script of manifest.content_scripts) script.matches.push(...DEV_ORIGINS);
    manifest.host_permissions = [...(manifest.host_permissions ?? []), ...DEV_ORIGINS];
  }
  if (isDev) {
    // A headless test cannot answer the permission prompt: the development build has
    // notifications granted, so the reminder path runs for real (store builds ask at first use).
    manifest.optional_permissions = manifest.optional_permissions?.filter((p) => p !== 'notifications');
    manifest.permissions = [...manifest.permissions, 'notifications'];
  }
  return manifest;
}

async function writeStatic(outdir, browser, base) {
  await mkdir(join(outdir, 'icons'), { recursive: true });
  await cp(join(root, 'icons'), join(outdir, 'icons'), { recursive: true, filter: (src) => !src.endsWith('.svg') });
  for (const file of STATIC_FILES) await cp(join(root, file), join(outdir, file.split('/').pop()));
  for (const lang of LOCALES) {
    await mkdir(join(outdir, '_locales', lang), { recursive: true });
    await writeFile(
      join(outdir, '_locales', lang, 'messages.json'),
      `${JSON.stringify(await loadCatalog(root, lang), null, 2)}\n`,
    );
  }
  await writeFile(join(outdir, 'demo.html'), demoPage(await readFile(join(root, 'demo', 'index.html'), 'utf8')));
  const manifest = manifestFor(browser, base, { dev, localHosts: dev || bench });
  await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The demo page (demo/index.html) shipped inside the extension for the first-run page's "Try it":
 * content scripts do not run on extension pages, so the page loads the content bundle itself.
 */
export function demoPage(html) {
  if (!html.includes('</head>')) throw new Error('demo/index.html has no </head>');
  return html.replace(
    '</head>',
    '<link rel="stylesheet" href="content.css">\n<script src="content.js" defer></script>\n</head>',
  );
}

/** Collapses whitespace in a stretch of CSS text; spaces before `:` stay (`.a :focus` is a descendant). */
export function compactCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}');
}

// The card's CSS is written readably in template literals (`*-style.ts`); esbuild minifies the
// code around them but not the text inside, and the content bundle's size is a budget.
const compactStyles = {
  name: 'compact-styles',
  setup(build) {
    build.onLoad({ filter: /-style\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const contents = source.replace(
        /`([^`]*)`/g,
        (_, body) =>
          `\`${body
            .split(/(\$\{[^}]*\})/)
            .map((part) => (part.startsWith('${') ? part : compactCss(part)))
            .join('')}\``,
      );
      return { contents, loader: 'ts' };
    });
  },
};

// src/core/ is pure logic (docs/architecture.md): its modules have no side effects, though
// esbuild cannot tell from their module-level tables. Said so, a bundle keeps only the core
// modules it uses, whichever index.ts it imports them through (the page snapshot took the
// matcher's tables, 8.4 KB against 2.4 KB, through core/page-events/index.ts).
const pureCore = {
  name: 'pure-core',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.tsx?$/ }, ({ path, resolveDir }) => {
      const file = resolve(resolveDir, path);
      return file.startsWith(join(root, 'src', 'core') + sep) ? { path: file, sideEffects: false } : undefined;
    });
  },
};

/** The constants a build fixes in the code (exported for test/build/defines.test.ts). */
export function definesFor({ dev: isDev, bench: isBench }) {
  return {
    'process.env.NODE_ENV': isDev ? '"development"' : '"production"',
    // The performance timeline's afterparty:* entries (dev-marks.ts, content/perf-mark.ts) and
    // loopback http feeds: the development and bench builds only. Left undefined in Node's tests.
    'process.env.AFTERPARTY_MARKS': isDev || isBench ? '"on"' : '"off"',
    'process.env.AFTERPARTY_LOCAL_HOSTS': isDev || isBench ? '"on"' : '"off"',
    // Changed rows above which a feed's sync is staged in chunks (src/background/feed-sync/engine.ts).
    // The development build stages from 500, so the e2e test of a worker stopped mid-staging
    // (sync-worker-stop.test.ts) needs hundreds of events, not thousands; users' builds keep 5,000.
    'process.env.AFTERPARTY_STAGE_ROWS': isDev ? '"500"' : '"5000"',
  };
}

function options(outdir) {
  return {
    absWorkingDir: root,
    entryPoints,
    plugins: [compactStyles, pureCore],
    outdir,
    bundle: true,
    // IIFE everywhere: the content script must be one self-contained file, and a classic
    // worker script loads in both Chrome's service worker and Firefox's background page.
    format: 'iife',
    target: ['chrome120', 'firefox128'],
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    legalComments: 'none',
    charset: 'utf8',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: definesFor({ dev, bench }),
    logLevel: 'warning',
  };
}

// Development and bench builds mark each Firefox background script's first statement, so the
// bench tells the compile before it from the evaluation after it (bench/firefox.bench.ts).
// The strict-mode directive first, as the bundle has it: after the mark its own would be a plain string.
const firstStatementMark = (name, directive = '') =>
  dev || bench ? { banner: { js: `${directive}performance.mark(${JSON.stringify(`afterparty:${name}`)});` } } : {};

/** The libraries of Firefox's background, one script (FIREFOX_VENDOR). */
function firefoxVendorOptions(outdir) {
  const { entryPoints: _entries, outdir: _outdir, ...rest } = options(outdir);
  const names = Object.entries(FIREFOX_VENDOR);
  return {
    ...rest,
    ...firstStatementMark('vendor-start'),
    stdin: {
      contents: `${names.map(([pkg, name]) => `import ${name} from '${pkg}';`).join('\n')}
globalThis.__afterpartyVendor = { ${names.map(([, name]) => name).join(', ')} };`,
      resolveDir: root,
      sourcefile: 'firefox-vendor.js',
      loader: 'js',
    },
    outfile: join(outdir, 'vendor.js'),
  };
}

/** Firefox's background.js: the libraries read from vendor.js's global instead of bundled. */
const vendorGlobals = {
  name: 'firefox-vendor-globals',
  setup(build) {
    const pattern = new RegExp(
      `^(${Object.keys(FIREFOX_VENDOR)
        .map((p) => p.replace(/\./g, '\\.'))
        .join('|')})$`,
    );
    build.onResolve({ filter: pattern }, ({ path }) => ({ path, namespace: 'firefox-vendor' }));
    build.onLoad({ filter: /.*/, namespace: 'firefox-vendor' }, ({ path }) => ({
      contents: `export default globalThis.__afterpartyVendor.${FIREFOX_VENDOR[path]};`,
      loader: 'js',
    }));
  },
};

/** The esbuild builds of one browser's folder: Firefox's background apart from its libraries. */
function browserBuilds(browser, outdir) {
  if (browser === 'chrome') return [options(outdir)];
  const { background, ...pages } = entryPoints;
  const base = options(outdir);
  return [
    { ...base, entryPoints: pages },
    firefoxVendorOptions(outdir),
    {
      ...base,
      ...firstStatementMark('script-start', '"use strict";'),
      entryPoints: { background },
      plugins: [...base.plugins, vendorGlobals],
    },
  ];
}

/**
 * Terser's options for the content script of the store and bench builds. Its output gzips about
 * 1 KB smaller than esbuild's (30,713 → ~29,700 B), and the content script's size is a budget.
 * Safe transforms only: no `unsafe*`, and property reads are kept (no `pure_getters`), since a
 * hostile page may define getters on what we read.
 */
export const TERSER_OPTIONS = {
  ecma: 2020,
  compress: { passes: 2, ecma: 2020, pure_getters: false },
  mangle: true,
  format: { comments: false, ascii_only: false },
};

// Chrome's and Firefox's content scripts are the same bundle: terser (about a second of CPU)
// runs once a build, not once a browser.
const tersed = new Map();

/** @param {string} code @returns {Promise<string>} */
export async function terseContent(code) {
  if (!tersed.has(code))
    tersed.set(
      code,
      minify(code, TERSER_OPTIONS).then(({ code: out }) => {
        if (out === undefined) throw new Error('terser gave no code');
        return out;
      }),
    );
  return tersed.get(code);
}

/**
 * The page snapshot the popup injects (src/content/page-snapshot-script.ts): a classic script
 * whose last statement's value is what `scripting.executeScript` hands back.
 */
function snapshotOptions(outdir) {
  return {
    ...options(outdir),
    entryPoints: { 'page-snapshot': 'src/content/page-snapshot-script.ts' },
    globalName: 'afterpartySnapshot',
    footer: { js: 'afterpartySnapshot.snapshotPage(document);' },
  };
}

async function build() {
  const base = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8'));
  for (const browser of ['chrome', 'firefox']) {
    const outdir = join(outRoot, browser);
    await rm(outdir, { recursive: true, force: true });
    await mkdir(outdir, { recursive: true });
    if (watch) {
      for (const build of browserBuilds(browser, outdir)) await (await esbuild.context(build)).watch();
    } else {
      await Promise.all(browserBuilds(browser, outdir).map((build) => esbuild.build(build)));
      if (!dev) {
        const file = join(outdir, 'content.js');
        await writeFile(file, await terseContent(await readFile(file, 'utf8')));
      }
    }
    await esbuild.build(snapshotOptions(outdir));
    await writeStatic(outdir, browser, base);
  }
  console.log(
    `built ${outRoot}/chrome and ${outRoot}/firefox${dev ? ' (dev: 127.0.0.1 and localhost allowed)' : ''}${bench ? ' (bench: store code, 127.0.0.1 and localhost allowed, timeline marks)' : ''}${watch ? ', watching' : ''}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build();
}
