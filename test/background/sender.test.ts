import { describe, expect, it } from 'vitest';
import { isExtensionPage } from '../../src/background/sender.ts';

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
