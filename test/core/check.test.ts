import { describe, expect, it } from 'vitest';
import {
  at,
  bool,
  checked,
  type CheckError,
  field,
  fromResult,
  guard,
  int,
  key,
  keys,
  list,
  matches,
  nullable,
  obj,
  oneOf,
  optional,
  reword,
  say,
  str,
  text,
  type Check,
} from '../../src/core/check.ts';

/** The value, or the refusal's words. */
const run = <T>(check: Check<T>, value: unknown, path = 'x') => checked(check, path)(value);

describe('check combinators', () => {
  it.each<[string, Check<unknown>, unknown, unknown, string]>([
    ['obj', obj, { a: 1 }, [1], 'x must be an object'],
    ['str', str, 'text', 'a'.repeat(10_001), 'x must be a string'],
    ['key', key, 'default/film', '', 'x must be a short non-empty string'],
    ['bool', bool, false, 'false', 'x must be true or false'],
    ['int', int(0, 10), 10, 10.5, 'x must be a whole number from 0 to 10'],
    ['int below', int(0, 10), 0, -1, 'x must be a whole number from 0 to 10'],
    ['matches', matches(/^a+$/, 'must be a row of a', 3), 'aaa', 'aaaa', 'x must be a row of a'],
    ['oneOf', oneOf(['going', 'interested']), 'going', 'maybe', 'x must be one of going, interested'],
    ['oneOf with its words', oneOf(['a', null], 'must be "a" or null'), null, 'b', 'x must be "a" or null'],
    ['nullable', nullable(key), null, 1, 'x must be a short non-empty string'],
    ['optional', optional(bool), undefined, null, 'x must be true or false'],
    ['text', text(3), 'abc', 'abcd', 'x must be text of at most 3 characters'],
    ['guard', guard((v): v is number => v === 1, 'must be one'), 1, 2, 'x must be one'],
    ['reword', reword(obj, 'needs {a}'), {}, 'a', 'x needs {a}'],
    ['keys', keys(['a'], 'takes exactly {a}'), { a: 1 }, { a: 1, b: 2 }, 'x takes exactly {a}'],
    ['keys missing', keys(['a'], 'takes exactly {a}'), { a: 1 }, {}, 'x takes exactly {a}'],
  ])('%s passes a good value and refuses a bad one with its path', (_name, check, good, bad, reason) => {
    expect(run(check, good)).toEqual(good);
    expect(run(check, bad)).toBe(reason);
  });

  it('keys accepts optional fields and refuses what is not an object', () => {
    expect(run(keys(['a'], 'takes {a, b?}', ['b']), { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(run(keys(['a'], 'takes {a, b?}', ['b']), null)).toBe('x must be an object');
  });

  it('list checks each item at its index and caps its length', () => {
    expect(run(list(key), ['a', 'b'])).toEqual(['a', 'b']);
    expect(run(list(key), ['a', 2], 'saved')).toBe('saved[1] must be a short non-empty string');
    expect(run(list(key), 'a')).toBe('x must be a list');
    expect(run(list(key, 2), ['a', 'b', 'c'])).toBe('x has more than 2 items');
  });

  it('field reads an own property at its path', () => {
    const nested: Check<string> = (v, path) => field(obj(v, path), 'id', key, path);
    expect(run(nested, { id: 'a' }, 'saved[0]')).toBe('a');
    expect(run(nested, { id: 1 }, 'saved[0]')).toBe('saved[0].id must be a short non-empty string');
    expect(run(nested, JSON.parse('{"__proto__": {"id": "a"}}'))).toBe('x.id must be a short non-empty string');
    expect(run(nested, { id: 1 }, '')).toBe('id must be a short non-empty string');
  });

  it('at joins paths', () => {
    expect(at('', 'a')).toBe('a');
    expect(at('a', 'b')).toBe('a.b');
    expect(at('a', 3)).toBe('a[3]');
  });

  it('checked words a failure its own way and throws on anything but a CheckError', () => {
    const say = (error: CheckError) => `${error.path}|${error.reason}`;
    expect(checked(bool, 'on', say)(1)).toBe('on|must be true or false');
    expect(checked(obj)(1)).toBe('must be an object');
    const broken: Check<never> = () => {
      throw new TypeError('a bug');
    };
    expect(() => checked(broken)(1)).toThrow(TypeError);
    expect(() => reword(broken, 'never said')(1, 'x')).toThrow(TypeError);
  });

  it('say and fromResult keep words that already say where, and the path they were at', () => {
    const film = fromResult((v) => (v === 'ok' ? 'ok' : 'film.title: title must be text'));
    expect(run(film, 'ok')).toBe('ok');
    expect(checked(film, 'film', (e) => `${e.path}|${e.message}`)(1)).toBe('film|film.title: title must be text');
    const tooLong: Check<string> = (_v, path) => say(path, 'the URL is too long');
    expect(checked(tooLong, 'url', (e) => `${e.path}|${e.message}`)('x')).toBe('url|the URL is too long');
  });
});
