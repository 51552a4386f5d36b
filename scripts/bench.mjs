// `npm run bench [-- --json]`: every benchmark under bench/ through vitest's bench runner;
// --json also prints each report's numbers as a JSON line. The benchmarks load builds made here in
// temporary folders, never dist/: a development build (AFTERPARTY_DIST), and for
// bench/chromium.bench.ts the store code with what it needs (AFTERPARTY_BENCH_DIST, `--bench`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const json = process.argv.includes('--json');
const own = !process.env.AFTERPARTY_DIST;
const dist = process.env.AFTERPARTY_DIST ?? mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
const ownBench = !process.env.AFTERPARTY_BENCH_DIST;
const benchDist = process.env.AFTERPARTY_BENCH_DIST ?? mkdtempSync(join(tmpdir(), 'afterparty-bench-store-'));
let status;
try {
  for (const [mine, flag, out] of [
    [own, '--dev', dist],
    [ownBench, '--bench', benchDist],
  ]) {
    if (!mine) continue;
    const build = spawnSync(process.execPath, ['build.mjs', flag, '--out', out], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'bench', '--run', '--project', 'unit'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        AFTERPARTY_DIST: dist,
        AFTERPARTY_BENCH_DIST: benchDist,
        ...(json ? { BENCH_JSON: '1' } : {}),
      },
    },
  );
  status = run.status ?? 1;
} finally {
  if (own) rmSync(dist, { recursive: true, force: true });
  if (ownBench) rmSync(benchDist, { recursive: true, force: true });
}
process.exit(status);
