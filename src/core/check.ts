// The one way Afterparty refuses a value from outside whole (a message's params, a backup, a
// setting, another device's record): small checks that return the typed value or throw a
// CheckError naming where the value went wrong, and `checked`, which turns a check into the
// `T | string` that message specs and readers hand back. Throwing lets a nested check stop at
// the first problem without every level testing for a string. Feed parsing is another job: it
// keeps going and collects every skipped item's reason (feed/fields.ts, ProblemList).
import { isPlainObject, own, type JsonRecord } from './guards.ts';

/** Reads `value` found at `path` (like `saved[2].status`) as a T, or throws a CheckError. */
export type Check<T> = (value: unknown, path: string) => T;

export class CheckError extends Error {
  constructor(
    /** Where the refused value was; '' for the value itself. */
    readonly path: string,
    /** What was wrong with it, in plain words. */
    readonly reason: string,
    message = path ? `${path} ${reason}` : reason,
  ) {
    super(message);
  }
}

export function fail(path: string, reason: string): never {
  throw new CheckError(path, reason);
}

/** A failure at `path` in words that already say where (`the URL is too long`), used as they are. */
export function say(path: string, words: string): never {
  throw new CheckError(path, words, words);
}

/** A validator that answers `T | string` (own events and films, read like feed items) as a check. */
export function fromResult<T>(validate: (value: unknown) => T | string): Check<T> {
  return (value, path) => {
    const result = validate(value);
    return typeof result === 'string' ? say(path, result) : result;
  };
}

/** The path of a field or item inside the value at `path`. */
export function at(path: string, name: string | number): string {
  if (typeof name === 'number') return `${path}[${name}]`;
  return path ? `${path}.${name}` : name;
}

/**
 * The check as a function that answers `T | string`; `say` words a failure (the message's
 * text by default). Only CheckError is caught: anything else is a bug and is thrown on.
 */
export function checked<T>(
  check: Check<T>,
  path = '',
  say: (error: CheckError) => string = (error) => error.message,
): (value: unknown) => T | string {
  return (value) => {
    try {
      return check(value, path);
    } catch (error) {
      if (error instanceof CheckError) return say(error);
      throw error;
    }
  };
}

/** The same check with its own words for any failure, at the path it was given. */
export function reword<T>(check: Check<T>, reason: string): Check<T> {
  return (value, path) => {
    try {
      return check(value, path);
    } catch (error) {
      if (error instanceof CheckError) return fail(path, reason);
      throw error;
    }
  };
}

/** A check of the value and its type, with the words for a refusal. */
export function guard<T>(ok: (value: unknown) => value is T, reason: string): Check<T> {
  return (value, path) => (ok(value) ? value : fail(path, reason));
}

export const obj: Check<JsonRecord> = guard(isPlainObject, 'must be an object');

/** The object's field, read as an own property (a `__proto__` in data is data), at its path. */
export function field<T>(record: JsonRecord, name: string, check: Check<T>, path: string): T {
  return check(own(record, name), at(path, name));
}

/** An object with exactly these fields (`optional` ones may be missing). */
export function keys(names: readonly string[], reason: string, optional: readonly string[] = []): Check<JsonRecord> {
  return (value, path) => {
    const record = obj(value, path);
    const present = Object.keys(record);
    const known = present.every((name) => names.includes(name) || optional.includes(name));
    return known && names.every((name) => present.includes(name)) ? record : fail(path, reason);
  };
}

/** A string of at most `max` characters. */
export function text(max: number, reason = `must be text of at most ${max} characters`): Check<string> {
  return guard((v): v is string => typeof v === 'string' && v.length <= max, reason);
}

export const str: Check<string> = text(10_000, 'must be a string');

/** A short non-empty string: a row's key or id. */
export const key: Check<string> = guard(
  (v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 400,
  'must be a short non-empty string',
);

export const bool: Check<boolean> = guard((v): v is boolean => typeof v === 'boolean', 'must be true or false');

/** A whole number from `min` to `max`. */
export function int(min: number, max: number): Check<number> {
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  return guard(ok, `must be a whole number from ${min} to ${max}`);
}

/** A string of at most `max` characters that `pattern` matches. */
export function matches(pattern: RegExp, reason: string, max = 10_000): Check<string> {
  return guard((v): v is string => typeof v === 'string' && v.length <= max && pattern.test(v), reason);
}

export function oneOf<T extends string | null>(choices: readonly T[], reason?: string): Check<T> {
  const words = reason ?? `must be one of ${choices.join(', ')}`;
  return guard((v): v is T => (choices as readonly unknown[]).includes(v), words);
}

/** Absent (undefined) or passing `check`. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path) => (value === undefined ? undefined : check(value, path));
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path));
}

/** A list of at most `max` items, each checked at its index. */
export function list<T>(item: Check<T>, max = 50_000): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'must be a list');
    if (value.length > max) return fail(path, `has more than ${max} items`);
    return value.map((x, i) => item(x, at(path, i)));
  };
}
