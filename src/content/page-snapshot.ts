// The text and attribute values a page gives about its events: the textContent of
// <script type="application/ld+json"> (a data block, never run) and microdata and RDFa Lite attributes.
// Plain DOM reading, so it is tested in Node with happy-dom on publisher-shaped fixtures.
import {
  JSONLD_LIMITS,
  MICRODATA_LIMITS,
  PAGE_TEXT_LIMITS,
  type MicrodataItem,
  type PageSnapshot,
} from '../core/page-events/index.ts';

const MAX_ELEMENTS = 5_000;

// WHATWG HTML §5.2.4: where each element keeps its microdata value.
function valueOf(element: Element): string {
  const tag = element.localName;
  const attr = (name: string) => element.getAttribute(name) ?? '';
  if (tag === 'meta') return attr('content');
  if (['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video'].includes(tag)) return attr('src');
  if (['a', 'area', 'link'].includes(tag)) return attr('href');
  if (tag === 'object') return attr('data');
  if (tag === 'data' || tag === 'meter') return attr('value');
  if (tag === 'time' && element.hasAttribute('datetime')) return attr('datetime');
  // Not in the HTML standard, but publishers and schema.org's own examples put `content` on
  // any element (<div itemprop="startDate" content="2013-09-14T21:30">Sat Sep 14</div>).
  if (element.hasAttribute('content')) return attr('content');
  return (element.textContent ?? '').slice(0, MICRODATA_LIMITS.chars);
}

// Microdata and RDFa Lite say the same things with other attribute names: an item (itemscope,
// typeof), its types (itemtype, typeof) and its properties (itemprop, property).
interface Syntax {
  scope: 'itemscope' | 'typeof';
  prop: 'itemprop' | 'property';
  types: 'itemtype' | 'typeof';
  /** RDFa (beyond Lite, but common) links a nested item by `rel` as well as by `property`. */
  link?: 'rel';
}
const MICRODATA: Syntax = { scope: 'itemscope', prop: 'itemprop', types: 'itemtype' };
const RDFA: Syntax = { scope: 'typeof', prop: 'property', types: 'typeof', link: 'rel' };

function words(element: Element, attr: string, max: number): string[] {
  return (element.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean).slice(0, max);
}

type Budget = { elements: number; items: number };

function readItem(scope: Element, syntax: Syntax, budget: Budget, depth: number): MicrodataItem {
  const types = words(scope, syntax.types, 5);
  const props: MicrodataItem['props'] = {};
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (--budget.elements <= 0) return;
      const nested = child.hasAttribute(syntax.scope);
      let names = words(child, syntax.prop, 5);
      if (names.length === 0 && nested && syntax.link) names = words(child, syntax.link, 5);
      if (names.length > 0) {
        const value = nested
          ? depth < MICRODATA_LIMITS.depth && budget.items-- > 0
            ? readItem(child, syntax, budget, depth + 1)
            : null
          : valueOf(child);
        if (value !== null) {
          for (const name of names) {
            // Map-like object from page-chosen names: own keys only, and __proto__ never.
            if (name === '__proto__') continue;
            if (!Object.hasOwn(props, name))
              Object.defineProperty(props, name, { value: [], enumerable: true, writable: true });
            if (props[name]!.length < MICRODATA_LIMITS.values) props[name]!.push(value);
          }
        }
      }
      // A nested item's own properties belong to it, not to this item.
      if (!nested) visit(child);
    }
  };
  visit(scope);
  return { types, props };
}

function readItems(doc: Document, syntax: Syntax, budget: Budget): MicrodataItem[] {
  const items: MicrodataItem[] = [];
  const linked = syntax.link ? `:not([${syntax.link}])` : '';
  const tops = doc.querySelectorAll(`[${syntax.scope}]:not([${syntax.prop}])${linked}`);
  for (const scope of Array.from(tops).slice(0, 50)) {
    if (budget.elements <= 0 || budget.items-- <= 0) break;
    items.push(readItem(scope, syntax, budget, 0));
  }
  return items;
}

const CLOCK = /\d\s*[ap]\.?\s?m\b|\d[:h][0-5]\d/i;
const NOT_SHOWN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg']);
const TEXT_NODES = 20_000;

/** An element's text with runs of space squashed, or null past `max` characters (read no further). */
function shortText(element: Element, max: number): string | null {
  let out = '';
  let visits = 0;
  const walker = element.ownerDocument.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (++visits > 2_000) return null;
    if (NOT_SHOWN.has(node.parentElement?.tagName ?? '')) continue;
    out += node.nodeValue ?? '';
    if (out.length > max * 3) return null;
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out.length <= max ? out : null;
}

/**
 * The short blocks of text around the page's clock times: for each text with a time in it, its
 * element and each enclosing one up to a few hundred characters (a listing's card, then its
 * day). The reader checks the markup's times against them (core/page-events/page-text.ts).
 */
function textsNearTimes(doc: Document): string[] {
  const body = doc.body;
  if (!body) return [];
  const blocks: string[] = [];
  const done = new Set<Element>();
  // An element found too long is not read again for the next time inside it.
  const tooLong = new Set<Element>();
  const walker = doc.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  let visits = 0;
  for (let node = walker.nextNode(); node && blocks.length < PAGE_TEXT_LIMITS.blocks; node = walker.nextNode()) {
    if (++visits > TEXT_NODES) break;
    const value = node.nodeValue ?? '';
    if (!CLOCK.test(value) || NOT_SHOWN.has(node.parentElement?.tagName ?? '')) continue;
    for (
      let el = node.parentElement;
      el && el !== body && blocks.length < PAGE_TEXT_LIMITS.blocks;
      el = el.parentElement
    ) {
      if (done.has(el) || tooLong.has(el)) break;
      const text = shortText(el, PAGE_TEXT_LIMITS.blockChars);
      if (text === null) {
        tooLong.add(el);
        break;
      }
      done.add(el);
      if (text.length > 0 && blocks.at(-1) !== text) blocks.push(text);
    }
  }
  return blocks;
}

// Calendar plugins put the site's zone in their settings ("timezone_string":"America\/Detroit").
const ZONE = /"time_?zone(?:_string)?"\s*:\s*"([A-Za-z_]{2,20}(?:\\?\/[A-Za-z0-9_+-]{2,30}){1,2})"/i;

/** The IANA zone the page's own scripts state for its times, or null; the reader checks it. */
function statedZone(doc: Document): string | null {
  for (const script of Array.from(doc.querySelectorAll('script:not([src])')).slice(0, 100)) {
    const type = (script.getAttribute('type') ?? '').toLowerCase();
    if (type.includes('ld+json')) continue;
    const m = ZONE.exec((script.textContent ?? '').slice(0, 200_000));
    if (m) return m[1]!.replace(/\\\//g, '/');
  }
  return null;
}

/** The page's JSON-LD texts and top-level microdata items, within fixed bounds. */
export function snapshotPage(doc: Document, url = doc.location?.href ?? ''): PageSnapshot {
  const jsonLd: string[] = [];
  let chars = 0;
  for (const script of Array.from(doc.querySelectorAll('script[type]')).slice(0, 200)) {
    const type = (script.getAttribute('type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    const text = script.textContent ?? '';
    if (text.length > JSONLD_LIMITS.scriptChars || chars + text.length > JSONLD_LIMITS.scriptChars * 2) continue;
    chars += text.length;
    jsonLd.push(text);
    if (jsonLd.length >= JSONLD_LIMITS.scripts) break;
  }
  const budget = { elements: MAX_ELEMENTS, items: MICRODATA_LIMITS.items };
  const microdata = readItems(doc, MICRODATA, budget);
  return {
    url,
    title: doc.title,
    jsonLd,
    microdata,
    rdfa: readItems(doc, RDFA, budget),
    texts: textsNearTimes(doc),
    zone: statedZone(doc),
  };
}
