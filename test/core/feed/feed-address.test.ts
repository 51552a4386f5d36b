import { describe, expect, it } from 'vitest';
import { feedAddress, withScheme } from '../../../src/core/feed/index.ts';

describe('feedAddress', () => {
  it.each([
    ['festival.example/parties.ics', 'https://festival.example/parties.ics'],
    ['  www.festival.example  ', 'https://www.festival.example/'],
    ['https://festival.example/feed.json#top', 'https://festival.example/feed.json'],
    ['webcal://cal.example/a.ics', 'https://cal.example/a.ics'],
    ['localhost:8123/feed.json', 'https://localhost:8123/feed.json'],
    ['http://127.0.0.1:8123/feed.json', 'http://127.0.0.1:8123/feed.json'],
    ['http://localhost/cal.ics', 'http://localhost/cal.ics'],
  ])('reads %j as %s', (raw, url) => {
    expect(feedAddress(raw)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://festival.example/feed.json', 'insecure-url'],
    ['HTTP://cal.example/a.ics', 'insecure-url'],
    ['', 'bad-url'],
    ['not a url', 'bad-url'],
    ['parties', 'bad-url'],
    ['ftp://festival.example/feed.json', 'bad-url'],
    ['javascript:alert(1)', 'bad-url'],
  ])('refuses %j (%s)', (raw, code) => {
    expect(feedAddress(raw)).toEqual({ ok: false, code });
  });

  it('puts https:// only in front of an address that names no scheme', () => {
    expect(withScheme('festival.example')).toBe('https://festival.example');
    expect(withScheme('http://x.example')).toBe('http://x.example');
    expect(withScheme('webcal:x.example/a.ics')).toBe('webcal:x.example/a.ics');
  });
});
