import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEED_ID,
  feedIdOf,
  normalizeFeedAddress,
  rekey,
  rekeyUserEvent,
} from '../../../src/core/feed/index.ts';

describe('feedIdOf', () => {
  it('is the same for every spelling of one address', () => {
    const id = feedIdOf('https://films.example/cal.ics?token=Ab1');
    expect(id).toMatch(/^f[0-9a-f]{16}$/);
    for (const same of [
      'HTTPS://Films.Example/cal.ics?token=Ab1',
      'https://films.example:443/cal.ics?token=Ab1',
      'webcal://films.example/cal.ics?token=Ab1',
      'webcals://FILMS.example/cal.ics?token=Ab1',
      '  https://films.example/cal.ics?token=Ab1#today ',
    ]) {
      expect(feedIdOf(same), same).toBe(id);
    }
  });

  it('tells apart addresses a server may tell apart: path, query and their case, port, scheme', () => {
    const id = feedIdOf('https://films.example/cal.ics?token=Ab1');
    const others = [
      'https://films.example/Cal.ics?token=Ab1',
      'https://films.example/cal.ics?token=ab1',
      'https://films.example/cal.ics',
      'https://films.example:8443/cal.ics?token=Ab1',
      'http://films.example/cal.ics?token=Ab1',
      'https://other.example/cal.ics?token=Ab1',
    ].map(feedIdOf);
    expect(new Set([id, ...others]).size).toBe(others.length + 1);
  });

  it('never holds the address or its token, and never names the built-in or the user feed', () => {
    const id = feedIdOf('https://films.example/cal.ics?token=secret') as string;
    expect(id).not.toContain('secret');
    expect(id).not.toContain('films');
    expect([DEFAULT_FEED_ID, 'user']).not.toContain(id);
  });

  it('is a fixed value, so every browser and release computes the same', () => {
    // FNV-1a 64 of "https://films.example/cal.ics", checked with a separate implementation; a change here orphans keys.
    expect(feedIdOf('https://films.example/cal.ics')).toBe(feedIdOf('webcal://films.example/cal.ics'));
    expect(feedIdOf('https://films.example/cal.ics')).toMatchInlineSnapshot(`"f44379373e56352d9"`);
  });

  it('refuses what is not an absolute address', () => {
    expect(feedIdOf('not a url')).toBeNull();
    expect(normalizeFeedAddress('/relative.ics')).toBeNull();
    expect(normalizeFeedAddress('https://a.example/x.ics')).toBe('https://a.example/x.ics');
  });
});

describe('rekey', () => {
  const ids = new Map([['fold1', 'fnew1']]);
  it('replaces the feed id of a key and leaves every other key as it was', () => {
    expect(rekey('fold1/ev-1', ids)).toBe('fnew1/ev-1');
    expect(rekey('fold1/a/b', ids)).toBe('fnew1/a/b');
    expect(rekey('default/fugitive-pieces', ids)).toBe('default/fugitive-pieces');
    expect(rekey('user/u1', ids)).toBe('user/u1');
    expect(rekey('fold10/ev-1', ids)).toBe('fold10/ev-1');
    expect(rekey('fold1', ids)).toBe('fold1');
  });
});

describe('rekeyUserEvent', () => {
  const ids = new Map([['fold1', 'fnew1']]);
  it("moves an own event's film and festival links and leaves out what the row never had", () => {
    const row = { key: 'user/u1', feedId: 'user', films: ['fold1/a'], filmKeys: ['fold1/a'], festival: 'fold1/tiff' };
    expect(rekeyUserEvent(row as never, ids)).toMatchObject({
      key: 'user/u1',
      films: ['fnew1/a'],
      filmKeys: ['fnew1/a'],
      festival: 'fnew1/tiff',
    });
    const old = { key: 'user/u2', feedId: 'user', filmKeys: ['fold1/a'], start: null };
    expect(rekeyUserEvent(old as never, ids)).toEqual({ ...old, filmKeys: ['fnew1/a'] });
  });
});
