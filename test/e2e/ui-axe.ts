// axe-core in real Chromium. Evaluated through the DevTools protocol, so it runs on extension
// pages despite their CSP (no inline script is added to the page).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** Serious and critical violations in the page (or under `selector`), as readable lines. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(context ?? document, { resultTypes: ['violations'] });
    return result.violations;
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}
