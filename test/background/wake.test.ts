// The page's wake (issue 28): validated like every message, answered at once, and reading
// nothing: the worker's top level has begun the stored index's read by the time it arrives.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { TitleMatcherCache } from '../../src/background/title-matcher.ts';
import type { AfterpartyDb } from '../../src/db/index.ts';
import { comesAhead, parseRequest } from '../../src/messages/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

const fromPage = { extensionPage: false, pageUrl: 'https://www.variety.com/review', frame: '3/0' };

/** Handlers over a database and a matcher cache that record what is touched while `watching`. */
function watchedHandlers() {
  const touched: string[] = [];
  let watching = false;
  const watch = <T extends object>(target: T, label: string): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (watching) touched.push(`${label}.${String(key)}`);
        const value = Reflect.get(object, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
      },
    });
  const deps = withTitles({ db: freshDb(), ready: async () => undefined });
  const handlers = createHandlers({
    ...deps,
    db: watch(deps.db, 'db') as AfterpartyDb,
    titles: watch(deps.titles, 'titles') as TitleMatcherCache,
  });
  return {
    handlers,
    touched,
    watch: (on: boolean) => {
      watching = on;
    },
  };
}

describe('the wake message', () => {
  it('is a request like any other, with no params', () => {
    expect(parseRequest({ type: 'wake' })).toEqual({ type: 'wake', params: {} });
    expect(parseRequest({ type: 'wake', params: {} })).toEqual({ type: 'wake', params: {} });
    expect(parseRequest({ type: 'wake', params: { url: 'https://x.example/' } })).toBe('wake takes no parameters');
    expect(parseRequest({ type: 'wake', params: 'text' })).toBe('wake takes no parameters');
  });

  it('is answered with nothing, from a content script, reading neither the database nor the matcher', async () => {
    const { handlers, touched, watch } = watchedHandlers();
    watch(true);
    expect(await route(handlers, { type: 'wake', params: {} }, fromPage)).toEqual({ result: {} });
    watch(false);
    expect(touched).toEqual([]);
    // Positive control: the same watch sees the database read by a request that reads it.
    watch(true);
    expect(await route(handlers, { type: 'getSettings', params: {} }, fromPage)).toHaveProperty('result');
    watch(false);
    expect(touched.some((name) => name.startsWith('db.'))).toBe(true);
  });

  it('is refused with its reason when its params are wrong, and never answered as a wake', async () => {
    const { handlers } = watchedHandlers();
    expect(await route(handlers, { type: 'wake', params: { text: 'page text' } }, fromPage)).toEqual({
      error: 'wake takes no parameters',
    });
  });

  it('is told apart from the requests the start-up work waits for', () => {
    expect(comesAhead({ type: 'wake' })).toBe(true);
    expect(comesAhead({ type: 'wake', params: {} })).toBe(true);
    // Positive control: the page's first batch, and what is no message, are not the wake.
    expect(comesAhead({ type: 'beginScan', params: { blocks: [] } })).toBe(false);
    expect(comesAhead('wake')).toBe(false);
    expect(comesAhead(null)).toBe(false);
  });
});
