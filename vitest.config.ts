import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => ({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**'],
          setupFiles: ['test/setup/i18n.ts'],
          // Tests: one worker per core. Vitest's default is one fewer, which on the 2-core CI machine
          // is a single worker, and most of a unit file's time there is loading its modules.
          // Benchmarks (`vitest bench`) keep the default: two at once would skew each other.
          maxWorkers: mode === 'benchmark' ? undefined : availableParallelism(),
          // A safety net against a hang, not a speed check: a busy CI machine must not fail a test
          // (nor a hook: real-pages.test.ts scores 17 pages in its beforeAll).
          testTimeout: 30_000,
          hookTimeout: 30_000,
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Two files at once, each with its own browser and profile: most of an e2e file's time
          // is waiting on the browser (alarms, worker stops, renders), not computing.
          maxWorkers: 2,
          // Each worker keeps its modules from one file to the next (playwright-core, puppeteer-core,
          // the helpers): importing them afresh took 1-3 s of CPU per file, 74 s in all over the 48
          // files, on a machine whose two cores the browsers keep busy. Safe while the e2e helpers
          // keep no module-level state: each file launches, and closes, its own browser in its hooks.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
