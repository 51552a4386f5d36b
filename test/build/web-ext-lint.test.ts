// Mozilla's own linter (the one addons.mozilla.org runs on upload) accepts the Firefox package.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withProductionBuild } from './production-build.ts';

interface LintMessage {
  code: string;
  message: string;
  file?: string;
}

const built = withProductionBuild();

describe('web-ext lint of dist/firefox', () => {
  it("reports no errors, and no warnings but Preact's innerHTML", async () => {
    // web-ext exits non-zero when it finds errors; the JSON report is on stdout either way.
    const run = promisify(execFile)(
      join('node_modules', '.bin', 'web-ext'),
      ['lint', '--source-dir', join(built(), 'firefox'), '--output', 'json', '--no-input'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { stdout } = await run;
    const report = JSON.parse(stdout) as {
      summary: { errors: number };
      errors: LintMessage[];
      warnings: LintMessage[];
      metadata: { id: string; manifestVersion: number };
    };
    expect(report.errors.map((e) => `${e.code} ${e.file ?? ''}: ${e.message}`)).toEqual([]);
    expect(report.summary.errors).toBe(0);
    // The only warnings allowed: Preact's own innerHTML, for a dangerouslySetInnerHTML that our
    // source never uses (test/build/no-html-sinks.test.ts).
    const warnings = report.warnings.filter(
      (w) => !(w.code === 'UNSAFE_VAR_ASSIGNMENT' && /innerHTML/.test(w.message)),
    );
    expect(warnings.map((w) => `${w.code} ${w.file ?? ''}: ${w.message}`)).toEqual([]);
    expect(report.metadata).toMatchObject({ id: 'afterparty@afterparty.film', manifestVersion: 3 });
  }, 120_000);
});
