// The options page's "Sites": the list (curated, added, switched off) and removing an added site.
import { describe, expect, it } from 'vitest';
import { siteHandlers } from '../../src/background/handlers/sites.ts';
import { route } from '../../src/background/router.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { SiteRegistry, type ScriptRegistration, type SiteApi } from '../../src/background/sites/site-registry.ts';
import { parseRequest } from '../../src/messages/index.ts';
import { ADDED_SITES_KEY } from '../../src/messages/sites.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

function fakeApi(granted: string[] = []) {
  const storage = new Map<string, unknown>();
  const registered = new Map<string, ScriptRegistration>();
  const api: SiteApi = {
    read: async (key) => storage.get(key),
    write: async (key, value) => void storage.set(key, value),
    grantedOrigins: async () => [...granted],
    registeredIds: async () => [...registered.keys()],
    register: async (scripts) => scripts.forEach((s) => registered.set(s.id, s)),
    unregister: async (ids) => ids.forEach((id) => registered.delete(id)),
    inject: async () => undefined,
    curated: ['https://*.tiff.net/*', 'https://*.tiff.net/*', 'http://127.0.0.1/*'],
  };
  return { api, storage, registered, granted };
}

describe('the sites list', () => {
  it('lists the curated patterns once each, the added sites with their permission, and the switched-off hosts', async () => {
    const fake = fakeApi(['*://blog.example.com/*']);
    const registry = new SiteRegistry(fake.api);
    await registry.add('https://blog.example.com/post', null);
    fake.storage.set(ADDED_SITES_KEY, ['*://blog.example.com/*', '*://gone.example.org/*']);
    await registry.setDisabled('www.tiff.net', true);
    const handlers = siteHandlers(registry);
    expect(await handlers.getSites({})).toEqual({
      curated: ['https://*.tiff.net/*', 'http://127.0.0.1/*'],
      added: [
        { site: 'blog.example.com', pattern: '*://blog.example.com/*', granted: true },
        { site: 'gone.example.org', pattern: '*://gone.example.org/*', granted: false },
      ],
      disabled: ['www.tiff.net'],
    });
  });

  it('removes an added site: its script is unregistered and it stays removed after a restart', async () => {
    const fake = fakeApi(['*://blog.example.com/*']);
    const registry = new SiteRegistry(fake.api);
    await registry.add('https://blog.example.com/post', null);
    // Its content script and its top frame's wake (issue 28).
    expect(fake.registered.size).toBe(2);
    const list = await siteHandlers(registry).removeSite({ pattern: '*://blog.example.com/*' });
    expect(list.added).toEqual([]);
    expect(fake.registered.size).toBe(0);
    await registry.sync();
    expect(fake.registered.size).toBe(0);
    expect(await registry.status('https://blog.example.com/')).toMatchObject({ added: false });
    await expect(registry.remove('*://blog.example.com/*')).rejects.toThrow(/not among the sites you added/);
  });

  it('re-enables a switched-off site with the per-site switch', async () => {
    const registry = new SiteRegistry(fakeApi().api);
    const handlers = siteHandlers(registry);
    await handlers.setSiteDisabled({ url: 'https://www.tiff.net/', disabled: true });
    expect((await handlers.getSites({})).disabled).toEqual(['www.tiff.net']);
    await handlers.setSiteDisabled({ url: 'https://www.tiff.net/', disabled: false });
    expect((await handlers.getSites({})).disabled).toEqual([]);
  });

  it('validates removeSite strictly and refuses both messages from content scripts', async () => {
    expect(parseRequest({ type: 'removeSite', params: { pattern: '*://blog.example.com/*' } })).toEqual({
      type: 'removeSite',
      params: { pattern: '*://blog.example.com/*' },
    });
    for (const pattern of [
      'https://blog.example.com/*',
      '*://blog.example.com/path',
      '*://a b/*',
      42,
      'x'.repeat(400),
    ]) {
      expect(parseRequest({ type: 'removeSite', params: { pattern } })).toMatch(/removeSite needs/);
    }
    expect(parseRequest({ type: 'getSites', params: { all: true } })).toMatch(/takes no parameters/);
    const handlers = createHandlers(withTitles({ db: freshDb(), ready: async () => undefined }));
    const fromPage = { extensionPage: false, pageUrl: 'https://evil.example/' };
    expect(await route(handlers, { type: 'getSites', params: {} }, fromPage)).toEqual({
      error: "getSites is accepted only from Afterparty's own pages",
    });
    expect(await route(handlers, { type: 'removeSite', params: { pattern: '*://a.example/*' } }, fromPage)).toEqual({
      error: "removeSite is accepted only from Afterparty's own pages",
    });
  });
});
