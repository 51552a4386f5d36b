// Feed and page text must never become markup: no code of the extension writes HTML. (Preact
// renders text as text nodes; the only innerHTML in the bundles is Preact's own support for
// `dangerouslySetInnerHTML`, which this keeps out of our source. web-ext lint warns about it.)
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HTML_SINKS =
  /\b(?:innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|createContextualFragment|srcdoc|setHTMLUnsafe|parseHTMLUnsafe)\b|\bdocument\.write(?:ln)?\s*\(/;
/** The extension's code: the CLI runs in Node on the publisher's own files and is not shipped. */
const SHIPPED = [
  'src/background',
  'src/content',
  'src/core',
  'src/db',
  'src/messages',
  'src/options',
  'src/popup',
  'src/ui',
];

describe('HTML sinks in the shipped source', () => {
  it('are never used', async () => {
    const found: string[] = [];
    for (const dir of SHIPPED) {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries.filter((e) => e.isFile() && /\.(?:ts|tsx)$/.test(e.name))) {
        const file = join(entry.parentPath, entry.name);
        (await readFile(file, 'utf8')).split('\n').forEach((line, i) => {
          if (!/^\s*(?:\/\/|\*)/.test(line) && HTML_SINKS.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(found).toEqual([]);
  });

  it('the pattern catches each sink', () => {
    for (const sample of [
      'el.innerHTML = x',
      'el.outerHTML=x',
      "el.insertAdjacentHTML('beforeend', x)",
      '<div dangerouslySetInnerHTML={{ __html: x }} />',
      'range.createContextualFragment(x)',
      'iframe.srcdoc = x',
      'document.write(x)',
      'document.writeln(x)',
    ]) {
      expect(HTML_SINKS.test(sample), sample).toBe(true);
    }
  });
});
