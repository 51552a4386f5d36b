// A feed address as the user types it: "festival.example/parties.ics" is an https address (the
// only scheme Afterparty fetches from the open network), webcal: is https, and plain http to
// another machine is refused here, before any permission is asked for a fetch that would be
// refused anyway. Loopback http is let through: the worker reads it in a --dev build only.
import { feedUrlFromLink } from './webcal.ts';

export type FeedAddress = { ok: true; url: string } | { ok: false; code: 'bad-url' | 'insecure-url' };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The hosts a development build reads plain http from (tests, the demo). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}

// "name:" followed by "//" is a scheme; "localhost:8080/x" and "host.example:443" are not.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const WEBCAL_OR_WEB = /^\s*(?:webcals?|https?):/i;

/** The address with https:// put in front when it names no scheme; otherwise as it was typed. */
export function withScheme(raw: string): string {
  const text = raw.trim();
  if (!text || HAS_SCHEME.test(text) || WEBCAL_OR_WEB.test(text)) return text;
  return `https://${text.replace(/^\/+/, '')}`;
}

/** The https (or loopback http) address a typed or linked feed address stands for, or why not. */
export function feedAddress(raw: string): FeedAddress {
  let url: URL;
  try {
    url = new URL(feedUrlFromLink(withScheme(raw)));
  } catch {
    return { ok: false, code: 'bad-url' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, code: 'insecure-url' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, code: 'bad-url' };
  // A host without a dot is a typing slip ("parties") unless it is the loopback name.
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[') && !isLoopbackHost(url.hostname))
    return { ok: false, code: 'bad-url' };
  url.hash = '';
  return { ok: true, url: url.href };
}
