// The page side of "Subscribe in Afterparty" (webcal-offer.tsx): the links asked of the page, and
// what the popup keeps of the answer.
import { feedUrlFromLink, isWebcalLink } from '../../core/feed/index.ts';

const MAX_LINKS = 5;

/**
 * Runs in the page's top frame through scripting.executeScript, which sends its source: it may
 * use nothing from outside its own body.
 */
export function pageWebcalLinks(): string[] {
  const links: string[] = [];
  for (const a of Array.from(document.querySelectorAll('a[href^="webcal" i]')).slice(0, 50)) {
    const href = (a.getAttribute('href') ?? '').trim();
    if (/^webcals?:/i.test(href) && href.length <= 2000 && !links.includes(href)) links.push(href);
  }
  return links;
}

/** The page's reply, from a renderer a hostile page may control: only webcal links, as https. */
export function webcalFeedUrls(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const urls = value
    .filter((v): v is string => typeof v === 'string' && v.length <= 2000 && isWebcalLink(v))
    .map(feedUrlFromLink)
    .filter((url) => URL.canParse(url));
  return [...new Set(urls)].slice(0, MAX_LINKS);
}
