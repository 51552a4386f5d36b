import { describe, expect, it } from 'vitest';
import { feedUrlFromLink, isWebcalLink } from '../../../src/core/feed/index.ts';

describe('webcal links', () => {
  it.each([
    ['webcal://calendar.example.org/parties.ics', 'https://calendar.example.org/parties.ics'],
    ['webcals://calendar.example.org/parties.ics', 'https://calendar.example.org/parties.ics'],
    ['WEBCAL://Example.org/p.ics?token=a', 'https://Example.org/p.ics?token=a'],
    ['  webcal://example.org/p.ics  ', 'https://example.org/p.ics'],
    ['webcal:example.org/p.ics', 'https://example.org/p.ics'],
  ])('%s means %s', (link, url) => {
    expect(isWebcalLink(link)).toBe(true);
    expect(feedUrlFromLink(link)).toBe(url);
  });

  it.each([
    ['https://example.org/p.ics'],
    ['http://127.0.0.1/p.ics'],
    ['ftp://example.org/webcal://x'],
    ['webcalx://a'],
  ])('leaves %s as it is', (url) => {
    expect(isWebcalLink(url)).toBe(false);
    expect(feedUrlFromLink(url)).toBe(url);
  });
});
