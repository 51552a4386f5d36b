// No bundle of a store build can run code that is not in the package: no eval, no Function
// constructor, no string timers, no script loaded from the network. (Both stores forbid remote
// code in Manifest V3, and the extension pages' CSP would block it anyway; this catches a
// dependency that starts doing it before a reviewer does.)
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSERS, withProductionBuild } from './production-build.ts';

const FORBIDDEN: Array<[string, RegExp]> = [
  // A call of the global, not a property named eval (the polyfill's devtools.inspectedWindow.eval).
  ['eval', /(?<![.\w$])eval\s*\(/],
  ['indirect eval', /\(\s*0\s*,\s*eval\s*\)/],
  ['new Function', /\bnew\s+Function\s*\(/],
  ['Function constructor', /(?<![.\w$])Function\s*\(\s*["'`]/],
  ['string timer', /\bset(?:Timeout|Interval)\s*\(\s*["'`]/],
  ['importScripts', /\bimportScripts\s*\(/],
  ['dynamic import', /(?<![.\w$])import\s*\(/],
  ['remote script URL', /(?:https?:)?\/\/[\w.-]+\.[a-z]{2,}(?::\d+)?\/[^\s"'`)]*\.m?js\b/i],
];

const built = withProductionBuild();

async function filesOf(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
}

describe('store builds contain no remote or generated code', () => {
  it.each(BROWSERS)('%s: no bundle evaluates strings or loads a remote script', async (browser) => {
    const bundles = await filesOf(join(built(), browser), '.js');
    expect(bundles.map((f) => f.slice(built().length + browser.length + 2)).sort()).toEqual(
      expect.arrayContaining(['background.js', 'content.js', 'options.js', 'popup.js']),
    );
    for (const file of bundles) {
      const code = await readFile(file, 'utf8');
      for (const [what, pattern] of FORBIDDEN) {
        const hit = pattern.exec(code);
        expect(
          hit && code.slice(Math.max(0, hit.index - 60), hit.index + 60),
          `${what} in ${browser}/${file.split('/').pop()}`,
        ).toBeNull();
      }
    }
  });

  it.each(BROWSERS)('%s: extension pages load only packaged scripts, none inline', async (browser) => {
    const pages = await filesOf(join(built(), browser), '.html');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const file of pages) {
      const html = await readFile(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(body!.trim(), `inline script in ${file}`).toBe('');
        expect(attributes, file).toMatch(/\bsrc="[\w./-]+\.js"/);
        expect(attributes, file).not.toMatch(/src="(?:https?:)?\/\//);
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('the forbidden patterns do catch what they are for', () => {
    const samples = [
      'x=eval("1")',
      'y=(0,eval)("1")',
      'new Function("a","return a")',
      'Function("return this")()',
      'setTimeout("go()",1)',
      'importScripts("a.js")',
      'import("./x.js")',
      's.src="https://cdn.example.com/lib.min.js"',
    ];
    for (const sample of samples)
      expect(
        FORBIDDEN.some(([, p]) => p.test(sample)),
        sample,
      ).toBe(true);
    for (const benign of [
      'devtools:{inspectedWindow:{eval:{minArgs:1}}}',
      'a.eval(1)',
      'typeof Function',
      '"http://www.w3.org/2000/svg"',
      'see https://tinyurl.com/y2uuvskb',
    ]) {
      expect(
        FORBIDDEN.some(([, p]) => p.test(benign)),
        benign,
      ).toBe(false);
    }
  });
});
