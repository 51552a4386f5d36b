import { describe, expect, it } from 'vitest';
import { DISCOVER_MAX_CHARS, DISCOVER_MAX_FOUND, discoverFeeds } from '../../../src/core/feed/index.ts';

const PAGE = 'https://festival.example/parties/';

describe('discoverFeeds', () => {
  it('finds alternate feeds and calendars in the head, resolved against the page', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/site.css">
      <link rel="alternate" type="application/rss+xml" href="/rss.xml" title="RSS">
      <link rel="alternate" type="text/calendar" href="calendar.ics" title="Parties &amp; dinners">
      <LINK REL='Alternate Home' TYPE='application/json; charset=utf-8' HREF='https://festival.example/feed.json'>
      <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/4">
    </head><body></body></html>`;
    expect(discoverFeeds(html, PAGE)).toEqual([
      { url: 'https://festival.example/parties/calendar.ics', title: 'Parties & dinners', kind: 'ical' },
      { url: 'https://festival.example/feed.json', title: null, kind: 'json' },
    ]);
  });

  it('finds webcal: and .ics links in the body, named by their text, without repeats', () => {
    const html = `<body>
      <a href="webcal://cal.example/tiff.ics">Subscribe <b>to the calendar</b></a>
      <a href="/files/dinner.ics?v=2#top" class="x">Add the dinner</a>
      <a href="/files/dinner.ics?v=2">again</a>
      <a href="/about.html">About</a>
      <a href="javascript:alert(1)">x.ics</a>
    </body>`;
    expect(discoverFeeds(html, PAGE)).toEqual([
      { url: 'https://cal.example/tiff.ics', title: 'Subscribe to the calendar', kind: 'ical' },
      { url: 'https://festival.example/files/dinner.ics?v=2', title: 'Add the dinner', kind: 'ical' },
    ]);
  });

  it('follows the first <base href>', () => {
    const html = '<base href="https://cdn.example/cal/"><base href="https://other.example/"><a href="a.ics">A</a>';
    expect(discoverFeeds(html, PAGE).map((f) => f.url)).toEqual(['https://cdn.example/cal/a.ics']);
  });

  it('finds nothing on a page without such links (a positive control beside it)', () => {
    expect(
      discoverFeeds('<html><head><title>Review</title></head><body><a href="/x">x</a></body></html>', PAGE),
    ).toEqual([]);
    expect(discoverFeeds('<a href="x.ics">x</a>', PAGE)).toHaveLength(1);
  });

  it('keeps to its budget: a few addresses, and only the start of a huge page', () => {
    const many = Array.from({ length: 30 }, (_, i) => `<a href="/c${i}.ics">${i}</a>`).join('');
    expect(discoverFeeds(many, PAGE)).toHaveLength(DISCOVER_MAX_FOUND);
    const late = `${' '.repeat(DISCOVER_MAX_CHARS)}<a href="/late.ics">late</a>`;
    expect(discoverFeeds(late, PAGE)).toEqual([]);
    expect(discoverFeeds(`<a href="/early.ics">early</a>${late}`, PAGE)).toHaveLength(1);
  });

  it('reads a hostile page of unclosed tags and quotes to its end', () => {
    const hostile = `${'<a "<a \''.repeat(100_000)}<a href="/after.ics">after</a>`;
    expect(discoverFeeds(hostile, PAGE)).toEqual([
      { url: 'https://festival.example/after.ics', title: 'after', kind: 'ical' },
    ]);
  });
});
