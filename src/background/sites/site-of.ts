import type { SenderContext } from '../handlers/types.ts';

/** The site a page belongs to, as corrections and the per-site switch key it: its hostname. */
export function siteOf(url: string | undefined | null): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * The site of the frame a message came from, as the browser reports it; null for our own pages.
 * Never taken from params: a page learns about, and changes, its own site only.
 */
export function senderSite(from: SenderContext | undefined): string | null {
  return from?.extensionPage === true ? null : siteOf(from?.pageUrl);
}
