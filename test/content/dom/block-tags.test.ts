// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BLOCK_TAGS, blockRootOf, holdsBlock } from '../../../src/content/dom/block-tags.ts';

function page(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe('blockRootOf', () => {
  it('climbs to the nearest block element', () => {
    page('<article><p>the <b><i>Crash</i></b> party</p></article>');
    const text = document.querySelector('i')?.firstChild as Text;
    expect((blockRootOf(text) as Element).tagName).toBe('P');
  });

  it('climbs past br and hr, which hold no text of their own', () => {
    page('<div><p>a</p>b<br>c<hr>d</div>');
    const div = document.querySelector('div') as Element;
    expect(blockRootOf(document.querySelector('br') as Element)).toBe(div);
    expect(blockRootOf(document.querySelector('hr') as Element)).toBe(div);
    // Control: a paragraph is its own root.
    const p = document.querySelector('p') as Element;
    expect(blockRootOf(p)).toBe(p);
  });
});

describe('holdsBlock', () => {
  it('is every block tag but br and hr, and never inline elements or text', () => {
    for (const tag of BLOCK_TAGS)
      expect(holdsBlock(document.createElement(tag)), tag).toBe(tag !== 'BR' && tag !== 'HR');
    expect(holdsBlock(document.createElement('th'))).toBe(true);
    expect(holdsBlock(document.createElement('b'))).toBe(false);
    expect(holdsBlock(document.createTextNode('x'))).toBe(false);
  });
});
