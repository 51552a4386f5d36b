import { describe, expect, it } from 'vitest';
import { feedOrigin } from '../../../src/core/feed/index.ts';

describe('feedOrigin', () => {
  it.each([
    ['https://films.example/feed.json', 'https://films.example/*', 'films.example'],
    ['  https://films.example/a?token=x  ', 'https://films.example/*', 'films.example'],
    ['http://127.0.0.1:8123/feed.json', 'http://127.0.0.1/*', '127.0.0.1'],
    ['http://localhost/cal.ics', 'http://localhost/*', 'localhost'],
    ['http://[::1]:9000/cal.ics', 'http://[::1]/*', '[::1]'],
    ['https://films.example:8443/feed.json', 'https://films.example/*', 'films.example'],
    ['webcal://cal.example/festival.ics', 'https://cal.example/*', 'cal.example'],
    ['WEBCALS:cal.example/festival.ics', 'https://cal.example/*', 'cal.example'],
    ['https://Films.EXAMPLE/feed.json', 'https://films.example/*', 'films.example'],
  ])('%s is asked for as %s', (url, pattern, host) => {
    expect(feedOrigin(url)).toEqual({ pattern, host });
  });

  it.each([
    '',
    'films.example/feed.json',
    'not a url',
    'ftp://films.example/feed.json',
    'file:///feed.json',
    'javascript:alert(1)',
  ])('refuses %j', (url) => {
    expect(feedOrigin(url)).toBeNull();
  });
});
