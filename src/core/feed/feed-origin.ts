// The one origin a feed is fetched from, as the match pattern its optional host permission is
// asked and checked for: the options page, the popup's webcal offer, a feed from a backup or
// another device and device sync's check all go through here, so what is asked is what is checked.
import { feedUrlFromLink } from './webcal.ts';

export interface FeedOrigin {
  /** `https://host/*`: match patterns have no port, so every port of the host is covered. */
  pattern: string;
  /** The host, for the words that ask the user. */
  host: string;
}

/**
 * The origin of a feed address as the user typed or a page linked it (webcal: read as https),
 * or null when it is not an http(s) address. Plain http is not refused here: the fetcher says
 * why (it reads loopback http in a --dev build only, fetch-feed.ts).
 */
export function feedOrigin(url: string): FeedOrigin | null {
  let parsed: URL;
  try {
    parsed = new URL(feedUrlFromLink(url.trim()));
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { pattern: `${parsed.protocol}//${parsed.hostname}/*`, host: parsed.hostname };
}
