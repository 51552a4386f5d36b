import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../build.mjs';

const base = JSON.parse(await readFile('manifest.json', 'utf8'));

interface ContentScript {
  js: string[];
  run_at: string;
  all_frames?: boolean;
  matches: string[];
}

const scripts = (browser: string, dev: boolean) =>
  manifestFor(browser, base, { dev }).content_scripts as ContentScript[];

describe('when each browser starts the content script', () => {
  it('starts it at DOMContentLoaded in Firefox, whose document_idle waits for the load event', () => {
    for (const dev of [false, true]) {
      const runAt = (browser: string) => scripts(browser, dev).map((s) => [s.js, s.run_at]);
      expect(runAt('firefox')).toEqual([
        [['content.js'], 'document_end'],
        [['wake.js'], 'document_start'],
      ]);
      // Positive control: Chromium keeps document_idle, which it runs at DOMContentLoaded when idle.
      expect(runAt('chrome')).toEqual([
        [['content.js'], 'document_idle'],
        [['wake.js'], 'document_start'],
      ]);
    }
  });

  it('wakes the worker from the top frame only, as the document starts, wherever the content script runs', () => {
    for (const browser of ['chrome', 'firefox'])
      for (const dev of [false, true]) {
        const [content, wake, ...rest] = scripts(browser, dev);
        expect(rest).toEqual([]);
        expect(wake).toEqual({
          matches: content!.matches,
          js: ['wake.js'],
          run_at: 'document_start',
          all_frames: false,
        });
        // Positive control: the content script itself runs in every frame.
        expect(content!.all_frames).toBe(true);
        expect(content!.matches.length).toBeGreaterThan(10);
      }
  });
});
