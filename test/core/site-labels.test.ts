import { describe, expect, it } from 'vitest';
import { curatedLabels, siteLabel } from '../../src/core/site-labels.ts';

describe('site labels', () => {
  it('name a pattern by its host, with or without subdomains', () => {
    expect(siteLabel('https://*.tiff.net/*')).toEqual({ host: 'tiff.net', subdomains: true });
    expect(siteLabel('*://blog.example.com/*')).toEqual({ host: 'blog.example.com', subdomains: false });
    expect(siteLabel('http://127.0.0.1/*')).toEqual({ host: '127.0.0.1', subdomains: false });
    expect(siteLabel('<all_urls>')).toBeNull();
    expect(siteLabel('*://*/*')).toBeNull();
  });

  it('list each curated host once, sorted, keeping "and subdomains" if any pattern has it', () => {
    expect(
      curatedLabels([
        'https://*.variety.com/*',
        'http://variety.com/*',
        'https://*.cbc.ca/*',
        'http://localhost/*',
        '<all_urls>',
      ]),
    ).toEqual([
      { host: 'cbc.ca', subdomains: true },
      { host: 'localhost', subdomains: false },
      { host: 'variety.com', subdomains: true },
    ]);
  });
});
