// The folder picture of docs/architecture.md as a lint rule: each folder of src/ imports only the
// folders listed for it, and a folder with a public surface is imported through it. Every import
// counts, `import type` and `typeof import()` included: a wire type taken from db ties the
// message map to the database as surely as a value would.
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const CORE = 'core';
// The worker alone says which film a text names (issue 24): extension pages ask it.
const MATCHING = 'core/matching';

/**
 * Who may import whom. A key is a folder of src/; `core` is every file of src/core, its subject
 * folders included. `files` lets a layer import single files of one it may not otherwise; `not`
 * takes core folders out of what it may import.
 */
export const LAYERS = {
  core: { imports: [] },
  messages: { imports: [CORE] },
  db: { imports: [CORE] },
  browser: { imports: ['messages', CORE] },
  'ui/shared': { imports: ['browser', 'messages', CORE], not: [MATCHING] },
  // Ships in the content bundle, beside the content script.
  'ui/card': { imports: ['ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  'ui/popup': { imports: ['ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  'ui/options': { imports: ['ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  'ui/welcome': { imports: ['ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  content: { imports: ['ui/card', 'ui/shared', 'browser', 'messages', CORE] },
  // The top frame's wake at document_start: its own bundle, a few hundred bytes.
  'content-wake': { imports: ['browser', 'messages', CORE] },
  popup: { imports: ['ui/popup', 'ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  options: { imports: ['ui/options', 'ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  welcome: { imports: ['ui/welcome', 'ui/shared', 'browser', 'messages', CORE], not: [MATCHING] },
  background: { imports: ['db', 'browser', 'messages', CORE, 'data'] },
  // `afterparty scan` and `events` read a page the way the extension does.
  cli: { imports: [CORE], files: ['content/text-extract.ts', 'content/page-snapshot.ts'] },
  data: { imports: [] },
};

/**
 * Folders imported from outside only through these files. messages/: the runtime map, the
 * tab-ward map and the storage key views watch; the content script may not take the runtime
 * map's values, whose validators would put its bundle over budget (25.9 KB gzipped to 32.6 KB).
 */
export const SURFACES = {
  db: ['index.ts'],
  messages: ['index.ts', 'tab.ts', 'data-revision.ts'],
  // and every src/core/<subject>/: index.ts
};

/** The layer of a path relative to src/, and the folder whose surface guards it, if any. */
export function placeOf(path) {
  const parts = path.split('/');
  if (parts[0] === CORE) {
    const subject = parts.length > 2 ? `${CORE}/${parts[1]}` : null;
    return { layer: CORE, folder: subject, inner: subject ? parts.slice(2).join('/') : null, surface: ['index.ts'] };
  }
  const two = parts.slice(0, 2).join('/');
  const layer = parts.length > 2 && Object.hasOwn(LAYERS, two) ? two : parts.length > 1 ? parts[0] : null;
  if (layer === null || !Object.hasOwn(LAYERS, layer)) return { layer: null, folder: parts[0] };
  const surface = SURFACES[layer] ?? null;
  return { layer, folder: surface ? layer : null, inner: parts.slice(layer.split('/').length).join('/'), surface };
}

function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const toPosix = (path) => path.split(sep).join('/');

/** What is wrong with `from` importing `to` (both relative to src/), or null. */
export function breach(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a.layer === null) return `src/${a.folder}/ is in no layer of the picture (scripts/eslint/layers.mjs)`;
  if (b.layer === null) return `src/${b.folder}/ is in no layer of the picture (scripts/eslint/layers.mjs)`;
  if (a.layer !== b.layer) {
    const rule = LAYERS[a.layer];
    if (!rule.imports.includes(b.layer) && !(rule.files ?? []).includes(to)) {
      const may = [...rule.imports, ...(rule.files ?? [])].join(', ') || 'nothing outside it';
      return `${a.layer} may not import ${b.layer} (src/${to}): ${a.layer} imports ${may}`;
    }
    if (b.folder && (rule.not ?? []).includes(b.folder)) {
      return `${a.layer} may not import ${b.folder} (src/${to}): the background worker matches titles for it`;
    }
  }
  if (b.folder && b.folder !== a.folder && !b.surface.includes(b.inner)) {
    return `import src/${b.folder} through ${b.surface.join(' or ')}, not ${b.inner}`;
  }
  return null;
}

/** @type {import('eslint').ESLint.Plugin} */
export default {
  rules: {
    layers: {
      meta: {
        type: 'problem',
        docs: { description: 'Each folder of src/ imports only the folders the architecture picture allows it' },
        schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
      },
      create(context) {
        const root = resolve(context.cwd, context.options[0]?.root ?? 'src');
        const file = context.filename;
        const from = toPosix(relative(root, file));
        if (from.startsWith('..')) return {};
        const check = (node, specifier) => {
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const target = resolveSpecifier(file, specifier);
          if (!target) return;
          const to = toPosix(relative(root, target));
          const message = to.startsWith('..') ? `src/ imports from outside src/ (${specifier})` : breach(from, to);
          if (message) context.report({ node, message });
        };
        const declaration = (node) => node.source && check(node.source, node.source.value);
        return {
          ImportDeclaration: declaration,
          ExportNamedDeclaration: declaration,
          ExportAllDeclaration: declaration,
          ImportExpression: (node) => check(node.source, node.source.value),
          // `typeof import('…')` and `import('…').T` in a type
          TSImportType: (node) => {
            const source = node.source ?? node.argument;
            check(node, source?.literal?.value ?? source?.value);
          },
        };
      },
    },
  },
};
