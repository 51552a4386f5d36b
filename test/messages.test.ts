import { describe, expect, it } from 'vitest';
import { changesData, MESSAGE_NAMES, type MessageName, parseRequest } from '../src/messages/index.ts';

describe('parseRequest', () => {
  it('accepts well-formed requests', () => {
    expect(parseRequest({ type: 'getSchedule', params: {} })).toEqual({ type: 'getSchedule', params: {} });
    expect(parseRequest({ type: 'getSchedule' })).toEqual({ type: 'getSchedule', params: {} });
    expect(parseRequest({ type: 'getListings', params: { filmKeys: ['default/a'] } })).toEqual({
      type: 'getListings',
      params: { filmKeys: ['default/a'] },
    });
    expect(parseRequest({ type: 'getFilmTitles', params: { filmKeys: ['default/a'] } })).toEqual({
      type: 'getFilmTitles',
      params: { filmKeys: ['default/a'] },
    });
    expect(parseRequest({ type: 'searchFilms', params: { text: 'ali' } })).toEqual({
      type: 'searchFilms',
      params: { text: 'ali' },
    });
  });

  it.each([
    [null, 'not an Afterparty message'],
    ['getSchedule', 'not an Afterparty message'],
    [{ type: 'dropDatabase' }, 'unknown message type "dropDatabase"'],
    [{ type: '__proto__' }, 'unknown message type "__proto__"'],
    [{ type: 'toString' }, 'unknown message type "toString"'],
    [{ type: 'getSchedule', params: { evil: 1 } }, 'getSchedule takes no parameters'],
    [{ type: 'getListings', params: {} }, 'getListings needs {filmKeys: string[]}'],
    [{ type: 'getListings', params: { filmKeys: [1] } }, 'getListings: every film key must be a short string'],
    [
      { type: 'getListings', params: { filmKeys: Array(5001).fill('a') } },
      'getListings accepts at most 5000 film keys',
    ],
    [{ type: 'getFilmTitles', params: { filmKeys: 'a' } }, 'getFilmTitles needs {filmKeys: string[]}'],
    [
      { type: 'getFilmTitles', params: { filmKeys: ['a'.repeat(5000)] } },
      'getFilmTitles: every film key must be a short string',
    ],
    [{ type: 'searchFilms', params: { text: 1 } }, 'searchFilms needs {text}'],
  ])('refuses %j with a reason', (message, reason) => {
    expect(parseRequest(message)).toBe(reason);
  });
});

describe('changesData', () => {
  // The hand-kept list the `changes` flag replaced: each of these writes what open views show.
  const CHANGED_BEFORE: MessageName[] = [
    'addFeed',
    'removeFeed',
    'setFeedEnabled',
    'syncNow',
    'setSettings',
    'restoreBackup',
    'clearCache',
    'setSaved',
    'setReminder',
    'addUserEvent',
    'updateUserEvent',
    'deleteUserEvent',
    'importInvitation',
    'addUserFilm',
    'removeUserFilm',
    'addCorrection',
    'removeCorrection',
    // Added with #26.10: a correction applied on every site changes what every page shows.
    'widenCorrection',
    'setSiteDisabled',
    'addSite',
    'removeSite',
    'setDeviceSync',
    // Added with #29.5: the options page's address box subscribes as addFeed does.
    'addFeedOrFind',
  ];

  it('is true for every message with a write effect', () => {
    expect(CHANGED_BEFORE.filter((name) => !changesData(name))).toEqual([]);
  });

  it('is false for every other message: the same set as the old list', () => {
    const reads = MESSAGE_NAMES.filter((name) => !CHANGED_BEFORE.includes(name));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((name) => changesData(name))).toEqual([]);
  });
});
