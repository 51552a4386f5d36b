// How each area declares its messages: the compile-time map (params and result) plus a
// run-time spec that validates params on receipt and says who may send it.
import { checked, field, keys, obj, reword, type Check } from '../core/check.ts';
import type { JsonRecord } from '../core/guards.ts';

export interface MessageSpec<P> {
  /** The typed params, or a plain-words reason to refuse the message. */
  validate(params: unknown): P | string;
  /**
   * Changes feeds, settings or the user's data: accepted only from the extension's own pages,
   * never from a content script, which a compromised page process can impersonate.
   */
  privileged?: boolean;
  /**
   * Its success changes what open views show (listings, plan, own events, corrections, sites,
   * settings): the background then bumps the data revision (data-revision.ts) and views re-read.
   */
  changes?: boolean;
  /**
   * Sent only to start the worker ahead of a request (the page's wake): answered outside the
   * start-up's count (background/start-up.ts), or its instant answer would let the deferred work
   * go before the request it came ahead of.
   */
  ahead?: boolean;
}

export type SpecsFor<M extends { [K in keyof M]: { params: unknown } }> = {
  [N in keyof M]: MessageSpec<M[N]['params']>;
};

/**
 * A message's validator from a check (core/check.ts): a refusal of the params themselves reads
 * "setSaved needs …", of a field "setSaved: status must be …".
 */
export function checkParams<P>(name: string, check: Check<P>): MessageSpec<P>['validate'] {
  return checked(check, '', (error) => (error.path ? `${name}: ${error.message}` : `${name} ${error.reason}`));
}

/**
 * Params that must be an object (else "name needs …"), read field by field: `get('url', check)`
 * refuses with "name: url …".
 */
export function objectParams<P>(
  name: string,
  needs: string,
  read: (get: <T>(key: string, check: Check<T>) => T, params: JsonRecord) => P,
): MessageSpec<P>['validate'] {
  return checkParams(name, (value, path) => {
    const params = reword(obj, needs)(value, path);
    return read((key, check) => field(params, key, check, path), params);
  });
}

const NO_PARAMS: Check<Record<string, never>> = (value, path) => {
  if (value !== undefined) reword(keys([], ''), 'takes no parameters')(value, path);
  return {};
};

/** For messages without params: accepts `undefined` or `{}` only. */
export function noParams(name: string): MessageSpec<Record<string, never>>['validate'] {
  return checkParams(name, NO_PARAMS);
}
