// An address that gives a web page instead of a feed: the page may say where its feed or
// calendar is, in <link rel="alternate" type="text/calendar|application/json"> (HTML's own way
// to point at another form of the page) or in links to webcal: or .ics addresses. This reads
// them from the page's text, within a budget (the worker has no DOM parser, and a page may be
// megabytes), and offers the addresses; nothing is fetched here.
import { feedUrlFromLink, isWebcalLink } from './webcal.ts';

export interface FoundFeed {
  /** The absolute address, webcal: read as https. */
  url: string;
  /** What the page calls it (the link's title or text), or null. */
  title: string | null;
  kind: 'ical' | 'json';
}

/** Characters of the page read: feeds are linked from the head or the page's body near it. */
export const DISCOVER_MAX_CHARS = 1_000_000;
/** Addresses offered at most. */
export const DISCOVER_MAX_FOUND = 8;
const TITLE_MAX = 120;

// A tag ends at its ">" outside quotes; an attempt stops at the next "<" and a quoted value after
// 2,000 characters, so a hostile page costs a bounded amount per tag, not the rest of the page.
const TAG = /<(link|a|base)\b((?:[^<>"']|"[^"]{0,2000}"|'[^']{0,2000}')*)>/gi;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!out.has(name)) out.set(name, decode(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return out;
}

function oneLine(text: string | undefined): string | null {
  const line = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return null;
  const plain = decode(line);
  return plain.length > TITLE_MAX ? `${plain.slice(0, TITLE_MAX - 1)}…` : plain;
}

const KIND_OF_TYPE: Record<string, FoundFeed['kind']> = {
  'text/calendar': 'ical',
  'application/json': 'json',
  'application/feed+json': 'json',
};

/** An http(s) address ending in .ics (its path, before any query). */
function isIcsPath(url: URL): boolean {
  return /\.ics$/i.test(url.pathname);
}

function resolve(href: string, base: string): URL | null {
  const raw = href.trim();
  if (!raw) return null;
  try {
    const url = new URL(isWebcalLink(raw) ? feedUrlFromLink(raw) : raw, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** The feeds and calendars a page at `pageUrl` links to, in the page's order, without repeats. */
export function discoverFeeds(html: string, pageUrl: string): FoundFeed[] {
  const text = html.length > DISCOVER_MAX_CHARS ? html.slice(0, DISCOVER_MAX_CHARS) : html;
  let base = pageUrl;
  const found: FoundFeed[] = [];
  const seen = new Set<string>();
  const add = (url: URL, title: string | null, kind: FoundFeed['kind']) => {
    if (seen.has(url.href) || url.href === pageUrl) return;
    seen.add(url.href);
    found.push({ url: url.href, title, kind });
  };
  for (const m of text.matchAll(TAG)) {
    if (found.length >= DISCOVER_MAX_FOUND) break;
    const tag = m[1]!.toLowerCase();
    const attrs = attributes(m[2] ?? '');
    const href = attrs.get('href');
    if (href === undefined) continue;
    if (tag === 'base') {
      // Only the first <base href> counts (HTML's rule).
      if (base === pageUrl) base = resolve(href, pageUrl)?.href ?? pageUrl;
      continue;
    }
    if (tag === 'link') {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const type = (attrs.get('type') ?? '').toLowerCase().split(';')[0]!.trim();
      const kind = KIND_OF_TYPE[type];
      if (!rel.includes('alternate') || !kind) continue;
      const url = resolve(href, base);
      // WordPress points every page at its REST form as "application/json": not a listing.
      if (url && !url.pathname.includes('/wp-json/')) add(url, oneLine(attrs.get('title')), kind);
      continue;
    }
    const url = resolve(href, base);
    if (!url || !(isWebcalLink(href) || isIcsPath(url))) continue;
    // The link's own text names it; read up to its end tag, within a short stretch.
    const end = m.index! + m[0].length;
    const close = text.slice(end, end + 2_000).search(/<\/a\s*>/i);
    add(url, oneLine(attrs.get('title')) ?? oneLine(close < 0 ? '' : text.slice(end, end + close)), 'ical');
  }
  return found;
}
