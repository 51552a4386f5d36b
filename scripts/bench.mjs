// `npm run bench [-- --json]`: every benchmark under bench/ through vitest's bench runner;
// --json also prints each report's numbers as a JSON line. The Chromium benchmarks load a
// development build made here in a temporary folder (AFTERPARTY_DIST), never dist/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const json = process.argv.includes('--json');
const own = !process.env.AFTERPARTY_DIST;
const dist = process.env.AFTERPARTY_DIST ?? mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
let status;
try {
  if (own) {
    const build = spawnSync(process.execPath, ['build.mjs', '--dev', '--out', dist], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'bench', '--run', '--project', 'unit'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, AFTERPARTY_DIST: dist, ...(json ? { BENCH_JSON: '1' } : {}) },
    },
  );
  status = run.status ?? 1;
} finally {
  if (own) rmSync(dist, { recursive: true, force: true });
}
process.exit(status);
