// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { extractBlocks, type Block } from '../../src/content/text-extract.ts';
import { rangeFor } from '../../src/content/text-ranges.ts';

function page(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe('rangeFor', () => {
  it('picks the following node at a boundary for a start and the previous one for an end', () => {
    const root = page('<p>ab<b>cd</b>ef</p>');
    const block = extractBlocks(root)[0] as Block;
    const range = rangeFor(block, 2, 4);
    expect(range.startContainer.textContent).toBe('cd');
    expect(range.startOffset).toBe(0);
    expect(range.endContainer.textContent).toBe('cd');
    expect(range.endOffset).toBe(2);
  });

  it('clamps offsets instead of throwing when the page changed', () => {
    const root = page('<p>Crash night</p>');
    const block = extractBlocks(root)[0] as Block;
    (root.querySelector('p')?.firstChild as Text).data = 'Cr';
    expect(() => rangeFor(block, 0, 11)).not.toThrow();
    expect(rangeFor(block, 0, 11).toString()).toBe('Cr');
  });
});
