// @vitest-environment happy-dom
// The page side of "Subscribe in Afterparty": which links count, and what the popup keeps of a
// reply a hostile page may have written.
import { describe, expect, it } from 'vitest';
import { pageWebcalLinks, webcalFeedUrls } from '../../../src/ui/popup/webcal-links.ts';

describe('webcal links on a page', () => {
  it('finds webcal: and webcals: links, once each, and no other link', () => {
    document.body.innerHTML = `
      <a href="webcal://cal.example.org/a.ics">a</a>
      <a href="WEBCALS://cal.example.org/b.ics">b</a>
      <a href="webcal://cal.example.org/a.ics">a again</a>
      <a href="https://cal.example.org/c.ics">c</a>
      <a href="/webcal/d.ics">d</a>`;
    expect(pageWebcalLinks()).toEqual(['webcal://cal.example.org/a.ics', 'WEBCALS://cal.example.org/b.ics']);
  });

  it('keeps only webcal links from the reply, as https, at most five', () => {
    const many = Array.from({ length: 8 }, (_, i) => `webcal://cal.example.org/${i}.ics`);
    expect(
      webcalFeedUrls(['webcal://cal.example.org/a.ics', 'javascript:alert(1)', 42, 'https://x.example/']).map(
        (offer) => offer.url,
      ),
    ).toEqual(['https://cal.example.org/a.ics']);
    expect(webcalFeedUrls(many)).toHaveLength(5);
    expect(webcalFeedUrls({ length: 1, 0: 'webcal://x' })).toEqual([]);
    expect(webcalFeedUrls([`webcal://cal.example.org/${'a'.repeat(2100)}`])).toEqual([]);
  });

  it('shows the address as it will be fetched: no credentials, no bidi controls (#26.14)', () => {
    const [offer] = webcalFeedUrls(['webcal://bank.example:secret@evil.example/\u202Ecal.ics\u2066']);
    expect(offer?.url).toBe('https://evil.example/%E2%80%AEcal.ics%E2%81%A6');
    expect(offer?.display).not.toMatch(/[\u202A-\u202E\u2066-\u2069]|bank|secret|@/);
    // Positive control: an address with nothing to remove is shown as it is.
    expect(webcalFeedUrls(['webcal://cal.example.org/a.ics'])[0]?.display).toBe('https://cal.example.org/a.ics');
  });

  it('flags hosts on this machine or the local network, and offers them still (#26.14)', () => {
    const hosts = [
      '127.0.0.1:8443',
      'localhost',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      '[::ffff:127.0.0.1]',
      'printer.local',
      'router',
    ];
    for (const host of hosts) {
      const offers = webcalFeedUrls([`webcal://${host}/cal.ics`]);
      expect([host, offers.map((o) => o.privateHost)]).toEqual([host, [true]]);
    }
    // Positive control: web hosts, and public addresses near the private ranges, are plain offers.
    for (const host of ['cal.example.org', '172.32.0.1', '8.8.8.8', '[2001:db8::1]', '192.169.0.1']) {
      expect([host, webcalFeedUrls([`webcal://${host}/cal.ics`]).map((o) => o.privateHost)]).toEqual([host, [false]]);
    }
  });
});
