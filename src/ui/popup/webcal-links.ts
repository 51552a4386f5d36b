// The page side of "Subscribe in Afterparty" (webcal-offer.tsx): the links asked of the page, and
// what the popup keeps of the answer.
import { feedUrlFromLink, isWebcalLink, webcalOffer, type WebcalOffer } from '../../core/feed/index.ts';

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

/**
 * The page's reply, from a renderer a hostile page may control: only webcal links, as https
 * offers (webcal-offer.ts: no credentials, private hosts flagged), once each.
 */
export function webcalFeedUrls(value: unknown): WebcalOffer[] {
  if (!Array.isArray(value)) return [];
  const offers = new Map<string, WebcalOffer>();
  for (const v of value) {
    if (typeof v !== 'string' || v.length > 2000 || !isWebcalLink(v)) continue;
    const offer = webcalOffer(feedUrlFromLink(v));
    if (offer && !offers.has(offer.url)) offers.set(offer.url, offer);
  }
  return [...offers.values()].slice(0, MAX_LINKS);
}
