// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/core/matching/matcher.ts';
import { extractBlocks, IGNORE_ATTRIBUTE, iterateBlocks, type Block } from '../../src/content/text-extract.ts';
import { rangeFor } from '../../src/content/text-ranges.ts';
import { film } from '../core/matching/title-source.ts';

const matcher = compileMatcher([
  film('ypf', 'Young People Fucking', ['Young People F***ing', 'YPF']),
  film('fugitive', 'Fugitive Pieces'),
  film('hgl', 'Happy-Go-Lucky'),
  film('medicine', 'Medicine for Melancholy'),
  film('burn', 'Burn After Reading'),
  film('crash', 'Crash'),
  film('up', 'Up'),
  film('amelie', 'Amélie'),
]);

function page(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

/** Every match under `root` as "filmId=range text", checking range text === surface. */
function scan(root: Node): string[] {
  const out: string[] = [];
  for (const block of extractBlocks(root)) {
    for (const match of matcher.find(block)) {
      const range = rangeFor(block, match.start, match.end, document);
      expect(range.toString()).toBe(match.surface);
      out.push(`${match.filmIds.join('+')}=${range.toString()}`);
    }
  }
  return out;
}

const texts = (blocks: Block[]): string[] => blocks.map((b) => b.text);

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('extractBlocks', () => {
  it('makes one block per paragraph and keeps inline elements in the run', () => {
    const root = page('<p>The dinner for Happy-<b>Go</b>-Lucky was at <span>Josos’</span>.</p><p>Next</p>');
    expect(texts(extractBlocks(root))).toEqual(['The dinner for Happy-Go-Lucky was at Josos’.', 'Next']);
  });

  it('ends blocks at block elements, br and table cells', () => {
    const root = page(
      '<div>one<div>two</div>three<br>four</div><ul><li>five</li><li>six</li></ul>' +
        '<table><tr><td>seven</td><td>eight</td></tr></table><h2>nine</h2>',
    );
    expect(texts(extractBlocks(root))).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
    ]);
  });

  it('drops blocks that are only whitespace', () => {
    const root = page('<div>\n  <p>Crash</p>\n  \n</div>');
    expect(texts(extractBlocks(root))).toEqual(['Crash']);
  });

  it('records segments that give back the text nodes', () => {
    const root = page('<p>Burn <i>After</i> Reading</p>');
    const [block] = extractBlocks(root);
    expect(block?.segments.map((s) => [s.node.data, s.start, s.end, s.nodeOffset])).toEqual([
      ['Burn ', 0, 5, 0],
      ['After', 5, 10, 0],
      [' Reading', 10, 18, 0],
    ]);
  });

  it('marks italics, citations, links, q and bold elements, and flags the links', () => {
    const root = page(
      '<p>a <i>b</i> <em>c</em> <cite>d</cite> <a href="#">e</a> <q>f</q> <b>g</b> <strong>h</strong> <span>i</span></p>',
    );
    const [block] = extractBlocks(root);
    expect(block?.marks.map((m) => block.text.slice(m.start, m.end))).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(block?.marks.filter((m) => m.link).map((m) => block.text.slice(m.start, m.end))).toEqual(['e']);
  });

  it('keeps a mark that crosses a block boundary in both blocks', () => {
    const root = page('<a href="#">before<div>inside</div>after</a>');
    expect(extractBlocks(root).map((b) => b.marks.map((m) => b.text.slice(m.start, m.end)))).toEqual([
      ['before'],
      ['inside'],
      ['after'],
    ]);
  });

  it.each([
    ['script', '<script>var t = "Crash";</script>'],
    ['style', '<style>.Crash { color: red }</style>'],
    ['noscript', '<noscript>Crash</noscript>'],
    ['template', '<template><p>Crash</p></template>'],
    ['textarea', '<textarea>Crash</textarea>'],
    ['input', '<input value="Crash">'],
    ['select', '<select><option>Crash</option></select>'],
    ['contenteditable', '<div contenteditable="true"><p>the Crash premiere</p></div>'],
    ['contenteditable without value', '<div contenteditable>the Crash premiere</div>'],
    ['hidden', '<p hidden>the Crash premiere</p>'],
    ['display: none', '<p style="display: none">the Crash premiere</p>'],
    ['ignore attribute', `<div ${IGNORE_ATTRIBUTE}>the Crash premiere</div>`],
  ])('skips %s', (_label, html) => {
    const root = page(`<p>before</p>${html}<p>after</p>`);
    expect(texts(extractBlocks(root))).toEqual(['before', 'after']);
  });

  it('scans editable regions switched off', () => {
    const root = page('<div contenteditable="false">the Crash premiere</div>');
    expect(texts(extractBlocks(root))).toEqual(['the Crash premiere']);
  });

  it('takes a custom ignore predicate', () => {
    const root = page('<p class="card">the Crash premiere</p><p>kept</p>');
    expect(texts(extractBlocks(root, { ignore: (el) => el.classList.contains('card') }))).toEqual(['kept']);
  });

  it('scans open shadow roots where they render, with slotted light children', () => {
    const root = page('<div>A party for <x-card><span>Burn After Reading</span></x-card> tonight</div>');
    const host = root.querySelector('x-card') as HTMLElement;
    host.attachShadow({ mode: 'open' }).innerHTML = '<i><slot></slot></i><p>then the Fugitive Pieces dinner</p>';
    expect(texts(extractBlocks(root))).toEqual([
      'A party for Burn After Reading',
      'then the Fugitive Pieces dinner',
      ' tonight',
    ]);
    expect(scan(root)).toEqual(['burn=Burn After Reading', 'fugitive=Fugitive Pieces']);
  });

  it('never lets a block span a shadow boundary, as a Range cannot', () => {
    const root = page('<p>the Happy-<x-go></x-go> party</p>');
    (root.querySelector('x-go') as HTMLElement).attachShadow({ mode: 'open' }).innerHTML = 'Go-Lucky';
    expect(texts(extractBlocks(root))).toEqual(['the Happy-', 'Go-Lucky', ' party']);
  });

  it('leaves closed shadow roots alone', () => {
    const root = page('<p>before <x-closed>light</x-closed></p>');
    (root.querySelector('x-closed') as HTMLElement).attachShadow({ mode: 'closed' }).innerHTML = 'secret';
    expect(texts(extractBlocks(root))).toEqual(['before light']);
  });

  it('accepts a document, a text node, and a root inside emphasis or a skipped region', () => {
    page('<p>the <i>crash</i> of <textarea>Crash</textarea></p>');
    expect(texts(extractBlocks(document))).toEqual(['the crash of ']);
    const italic = document.querySelector('i')?.firstChild as Text;
    expect(extractBlocks(italic).map((b) => b.marks)).toEqual([[{ start: 0, end: 5 }]]);
    const inTextarea = document.querySelector('textarea') as HTMLTextAreaElement;
    expect(extractBlocks(inTextarea)).toEqual([]);
  });

  it('walks very deep trees without recursion', () => {
    let parent: HTMLElement = page('');
    for (let i = 0; i < 5_000; i++) parent = parent.appendChild(document.createElement('span'));
    parent.append('the Crash premiere');
    expect(texts(extractBlocks(document.body))).toEqual(['the Crash premiere']);
  });

  it('hands out blocks one at a time, each before the next is built', () => {
    const root = page('<h1>Crash</h1><p>the <i>Up</i> party</p><div>a<div>b</div>c</div>');
    const blocks = iterateBlocks(root);
    const first = blocks.next();
    expect(first.done).toBe(false);
    expect((first.value as Block).text).toBe('Crash');
    // The walk is lazy: a paragraph not reached yet is read when it is reached.
    (root.querySelector('p') as HTMLElement).append(' tonight');
    expect(texts([...blocks])).toEqual(['the Up party tonight', 'a', 'b', 'c']);
    expect(texts([...iterateBlocks(root)])).toEqual(texts(extractBlocks(root)));
    expect([...iterateBlocks(null as unknown as Node)]).toEqual([]);
  });

  it('never fails on junk', () => {
    expect(extractBlocks(null as unknown as Node)).toEqual([]);
    expect(extractBlocks(document.createComment('x'))).toEqual([]);
    expect(extractBlocks(document.createTextNode(''))).toEqual([]);
  });
});

describe('matching extracted blocks', () => {
  it('takes bold and links in prose as evidence, not a menu of links', () => {
    const root = page(
      '<p>we saw <b>crash</b> twice</p><div><a href="/">Home</a> <a href="/up">Up</a> <a href="/c">Crash</a></div>',
    );
    expect(scan(root)).toEqual(['crash=crash']);
  });

  it('finds the seed titles and maps them back to Ranges', () => {
    const root = page(
      '<p>Mark Wigmore picks through some sashimi at the ‘Young People F***ing’ party at Wicked.</p>' +
        '<p>Parking my humble Suzuki in front of a palace was half the thrill of the <a href="#">Fugitive Pieces</a> party.</p>' +
        '<p>I went to the dinner for Happy-Go-Lucky the other night.</p>',
    );
    expect(scan(root)).toEqual(['ypf=Young People F***ing', 'fugitive=Fugitive Pieces', 'hgl=Happy-Go-Lucky']);
  });

  it('matches a title split over inline elements', () => {
    const root = page('<p>The <b>Medicine</b> for <em>Melan</em>choly karaoke, and Happy-<b>Go</b>-Lucky.</p>');
    expect(scan(root)).toEqual(['medicine=Medicine for Melancholy', 'hgl=Happy-Go-Lucky']);
    const range = rangeFor(extractBlocks(root)[0] as Block, 4, 27, document);
    expect(range.startContainer.textContent).toBe('Medicine');
    expect(range.endContainer.textContent).toBe('choly karaoke, and Happy-');
  });

  it('never runs a title across blocks', () => {
    const root = page('<li>Burn After</li><li>Reading</li><p>Medicine for<br>Melancholy</p>');
    expect(scan(root)).toEqual([]);
  });

  it('uses emphasis as evidence for ordinary words', () => {
    const root = page('<p>we saw <i>crash</i> and <a href="#">up</a>, then had to crash the party</p>');
    expect(scan(root)).toEqual(['crash=crash', 'up=up']);
  });

  it('ignores titles in scripts, text areas and editable regions', () => {
    const root = page(
      '<script>document.title = "Burn After Reading"</script><textarea>Burn After Reading</textarea>' +
        '<div contenteditable="true">Burn After Reading</div><p>Burn After Reading</p>',
    );
    expect(scan(root)).toEqual(['burn=Burn After Reading']);
  });

  it('keeps exact offsets around astral characters and decomposed accents', () => {
    const root = page('<p>🎬 <span>Ame\u0301</span>lie 🍸 and <b>ﬁne</b> YPF</p>');
    expect(scan(root)).toEqual(['amelie=Ame\u0301lie', 'ypf=YPF']);
  });
});
