// What an extension page or the card puts in front of the reader, for the language tests: every
// text node and every name-giving attribute (aria-label, placeholder, title, alt, a button
// input's value), each <option>, and the native controls whose words come from the browser, not
// our catalog (a <details> without <summary> says "Details", <input type=file> "Choose File":
// this Chromium ships only its en-US strings, and a user's browser may not match our catalog).
// Hidden text is read too: a folded event or a closed <details> opens on a click.
import type { CDPSession, Page } from 'playwright-core';
import { loadCatalog } from '../../scripts/locales.mjs';
import { attributeOf, cardTree, type CardNode } from './card-boxes.ts';

export interface Shown {
  /** Texts and attribute values, trimmed, with where they were found. */
  words: { text: string; where: string }[];
  /** Native controls that speak the browser's language, not ours. */
  natives: string[];
}

const NAMING = ['aria-label', 'placeholder', 'title', 'alt'];

export async function shownOnPage(page: Page): Promise<Shown> {
  return page.evaluate((naming) => {
    const words: { text: string; where: string }[] = [];
    const natives: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const walk = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('style, script')) continue;
        const text = (node as Text).data.trim();
        if (text) words.push({ text, where: describe(parent) });
      }
      for (const el of root.querySelectorAll('*')) {
        for (const name of naming) {
          const value = el.getAttribute(name)?.trim();
          if (value) words.push({ text: value, where: `${describe(el)}[${name}]` });
        }
        if (el instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(el.type) && el.value)
          words.push({ text: el.value.trim(), where: `${describe(el)}[value]` });
        if (el instanceof HTMLDetailsElement && !el.querySelector(':scope > summary'))
          natives.push(`${describe(el)} without <summary>`);
        if (el instanceof HTMLInputElement && el.type === 'file') {
          const box = el.getBoundingClientRect();
          // A visually hidden input behind a labelled button of ours shows no browser words.
          if (box.width > 2 && box.height > 2 && getComputedStyle(el).opacity !== '0')
            natives.push(`${describe(el)} shows the browser's file button`);
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return { words, natives };
  }, NAMING);
}

/** The card's nodes, through its closed root but not into the browser's own (a <details>' fallback "Details"). */
function cardNodes(node: CardNode & { shadowRootType?: string }, out: CardNode[] = []): CardNode[] {
  if (node.shadowRootType === 'user-agent' || node.nodeName === 'STYLE') return out;
  out.push(node);
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) cardNodes(child, out);
  return out;
}

/** The same, in the hover card's closed shadow root, read through CDP. */
export async function shownInCard(cdp: CDPSession): Promise<Shown> {
  const tree = await cardTree(cdp);
  if (!tree) throw new Error('no card open');
  const words: { text: string; where: string }[] = [];
  const natives: string[] = [];
  for (const node of cardNodes(tree)) {
    if (node.nodeType === 3 && node.nodeValue?.trim()) words.push({ text: node.nodeValue.trim(), where: 'card text' });
    for (const name of NAMING) {
      const value = attributeOf(node, name)?.trim();
      if (value) words.push({ text: value, where: `card ${node.nodeName.toLowerCase()}[${name}]` });
    }
    if (node.nodeName === 'DETAILS' && !(node.children ?? []).some((c) => c.nodeName === 'SUMMARY'))
      natives.push('card details without <summary>');
  }
  return { words, natives };
}

/** English messages whose French differs, without placeholders: each must never show in French. */
export async function englishOnly(): Promise<Map<string, string>> {
  const [en, fr] = (await Promise.all([loadCatalog('.', 'en'), loadCatalog('.', 'fr')])) as Record<
    string,
    { message: string }
  >[];
  const out = new Map<string, string>();
  for (const [key, { message }] of Object.entries(en!)) {
    const text = message.trim();
    if (/\$\d/.test(text) || text === fr![key]?.message.trim()) continue;
    out.set(text, key);
  }
  return out;
}

/** The words shown that are English catalog messages, as "key: where". */
export function inEnglish(shown: Shown, english: Map<string, string>): string[] {
  return shown.words.filter(({ text }) => english.has(text)).map(({ text, where }) => `${english.get(text)}: ${where}`);
}
