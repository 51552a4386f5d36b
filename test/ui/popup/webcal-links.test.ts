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
    expect(webcalFeedUrls(['webcal://cal.example.org/a.ics', 'javascript:alert(1)', 42, 'https://x.example/'])).toEqual(
      ['https://cal.example.org/a.ics'],
    );
    expect(webcalFeedUrls(many)).toHaveLength(5);
    expect(webcalFeedUrls({ length: 1, 0: 'webcal://x' })).toEqual([]);
    expect(webcalFeedUrls([`webcal://cal.example.org/${'a'.repeat(2100)}`])).toEqual([]);
  });
});
