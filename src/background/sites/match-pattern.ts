// Chrome/Firefox match patterns (https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns),
// enough of them to tell whether a page is on the manifest's curated list: scheme, host with
// an optional "*." prefix, and a path glob. Ports are ignored, as the browsers do.

export function matchesPattern(pattern: string, url: string): boolean {
  if (pattern === '<all_urls>') return /^(https?|file|ftp):/.test(url);
  const parts = /^(\*|https?|file|ftp):\/\/([^/]*)(\/.*)$/.exec(pattern);
  if (!parts) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const [, scheme = '', host = '', path = ''] = parts;
  const protocol = parsed.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : protocol !== scheme) return false;
  const hostname = parsed.hostname.toLowerCase();
  if (host !== '*') {
    if (host.startsWith('*.')) {
      const base = host.slice(2).toLowerCase();
      if (hostname !== base && !hostname.endsWith(`.${base}`)) return false;
    } else if (hostname !== host.toLowerCase()) return false;
  }
  const glob = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return glob.test(parsed.pathname + parsed.search);
}

/** The permission pattern that covers one site, both schemes. */
export function sitePattern(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return `*://${parsed.hostname.toLowerCase()}/*`;
  } catch {
    return null;
  }
}
