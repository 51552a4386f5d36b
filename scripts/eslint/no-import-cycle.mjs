// import-x/no-cycle skips `import type`, but a type-level circle is still a circle of
// ownership (db and messages once imported each other's types). This rule follows every
// relative import and re-export, types included, and reports the first edge of each cycle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const graph = new Map();

function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.(ts|tsx|mjs|js)$/.test(candidate)) return candidate;
  }
  return null;
}

function importsOf(file) {
  let edges = graph.get(file);
  if (edges) return edges;
  edges = [];
  graph.set(file, edges);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target) edges.push({ specifier: match[1] ?? match[2], target });
  }
  return edges;
}

/** A path of files from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const path = queue.shift();
    for (const { target } of importsOf(path.at(-1))) {
      if (target === goal) return path;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push([...path, target]);
      }
    }
  }
  return null;
}

/** @type {import('eslint').ESLint.Plugin} */
export default {
  rules: {
    'no-import-cycle': {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid import cycles between project files, type-only imports included' },
        schema: [],
      },
      create(context) {
        const file = context.filename;
        // Each lint run reads the files afresh: an edited file must not keep a stale graph.
        graph.clear();
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
          const target = resolveSpecifier(file, node.source.value);
          if (!target) return;
          const back = pathBack(target, file);
          if (!back) return;
          const cwd = context.cwd;
          const cycle = [file, ...back, file].map((p) => relative(cwd, p)).join(' → ');
          context.report({ node, message: `Import cycle: ${cycle}` });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};
