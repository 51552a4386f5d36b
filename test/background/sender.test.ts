import { describe, expect, it } from 'vitest';
import { isExtensionPage, senderPageUrl } from '../../src/background/sender.ts';

const id = 'abcdefghijklmnop';
const origin = `chrome-extension://${id}/`;

describe('isExtensionPage', () => {
  it('accepts our popup and our options page opened in a tab', () => {
    expect(isExtensionPage({ id, url: `${origin}popup.html` }, id, origin)).toBe(true);
    expect(isExtensionPage({ id, url: `${origin}options.html`, tab: { id: 3 }, frameId: 0 }, id, origin)).toBe(true);
  });

  it('refuses content scripts, other extensions and senders without a URL', () => {
    expect(isExtensionPage({ id, url: 'https://evil.example/', tab: { id: 1 } }, id, origin)).toBe(false);
    expect(isExtensionPage({ id: 'other', url: `${origin}popup.html` }, id, origin)).toBe(false);
    expect(isExtensionPage({ id }, id, origin)).toBe(false);
    expect(isExtensionPage({ id, url: `https://x/${origin}` }, id, origin)).toBe(false);
  });

  it('checks the browser-set origin and refuses our pages inside a frame', () => {
    expect(isExtensionPage({ id, url: `${origin}popup.html`, origin: `chrome-extension://${id}` }, id, origin)).toBe(
      true,
    );
    expect(isExtensionPage({ id, url: `${origin}popup.html`, origin: 'https://evil.example' }, id, origin)).toBe(false);
    expect(isExtensionPage({ id, url: `${origin}options.html`, tab: { id: 4 }, frameId: 2 }, id, origin)).toBe(false);
  });
});

describe('senderPageUrl', () => {
  it("takes a web frame's own address", () => {
    expect(
      senderPageUrl({ url: 'https://cbc.ca/film', origin: 'https://cbc.ca', tab: { url: 'https://x.example/' } }),
    ).toBe('https://cbc.ca/film');
  });

  it('gives about:blank and srcdoc frames the site of the origin that made them, else of their tab', () => {
    // Chrome reports the creator's origin for a blank frame.
    expect(
      senderPageUrl({ url: 'about:blank', origin: 'https://off.example', tab: { url: 'https://tab.example/' } }),
    ).toBe('https://off.example');
    // Firefox reports no origin; a sandboxed srcdoc frame's origin is "null".
    expect(senderPageUrl({ url: 'about:srcdoc', tab: { url: 'https://off.example/page' } })).toBe(
      'https://off.example/page',
    );
    expect(senderPageUrl({ url: 'about:srcdoc', origin: 'null', tab: { url: 'https://off.example/' } })).toBe(
      'https://off.example/',
    );
  });

  it('leaves a sender with no web address anywhere without a site', () => {
    expect(senderPageUrl({ url: 'about:blank', origin: 'null', tab: { url: 'about:newtab' } })).toBe('about:blank');
    expect(senderPageUrl({})).toBeUndefined();
  });
});
