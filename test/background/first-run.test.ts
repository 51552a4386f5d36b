import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { opensFirstRun, WELCOME_PAGE } from '../../src/background/first-run.ts';
import { demoPage } from '../../build.mjs';

describe('the first-run page', () => {
  it('opens on install only, not on an update of Afterparty or of the browser', () => {
    expect(opensFirstRun('install')).toBe(true);
    for (const reason of ['update', 'chrome_update', 'shared_module_update', 'browser_update'])
      expect(opensFirstRun(reason)).toBe(false);
    expect(WELCOME_PAGE).toBe('welcome.html');
  });

  it('links to the demo page the build ships, which loads the content bundle itself', () => {
    const demo = demoPage(readFileSync('demo/index.html', 'utf8'));
    expect(demo).toContain('<script src="content.js" defer></script>');
    expect(demo).toContain('<link rel="stylesheet" href="content.css">');
    expect(readFileSync('src/ui/welcome/welcome-page.tsx', 'utf8')).toContain('href="demo.html"');
    expect(() => demoPage('<p>no head</p>')).toThrow(/no <\/head>/);
  });
});
