import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../build.mjs';

const base = JSON.parse(await readFile('manifest.json', 'utf8'));

describe('when each browser starts the content script', () => {
  it('starts it at DOMContentLoaded in Firefox, whose document_idle waits for the load event', () => {
    for (const dev of [false, true]) {
      const runAt = (browser: string) =>
        (manifestFor(browser, base, { dev }).content_scripts as Array<{ run_at: string }>).map((s) => s.run_at);
      expect(runAt('firefox')).toEqual(['document_end']);
      // Positive control: Chromium keeps document_idle, which it runs at DOMContentLoaded when idle.
      expect(runAt('chrome')).toEqual(['document_idle']);
    }
  });
});
