import { describe, expect, it } from 'vitest';
import { siteHandlers } from '../../src/background/handlers/sites.ts';
import { matchesPattern, sitePattern } from '../../src/background/sites/match-pattern.ts';
import { SiteRegistry, type ScriptRegistration, type SiteApi } from '../../src/background/sites/site-registry.ts';
import { ADDED_SITES_KEY, DISABLED_SITES_KEY } from '../../src/messages/sites.ts';
import { parseRequest } from '../../src/messages/index.ts';

function fakeApi(granted: string[] = []) {
  const storage = new Map<string, unknown>();
  const registered = new Map<string, ScriptRegistration>();
  const injected: number[] = [];
  const api: SiteApi = {
    read: async (key) => storage.get(key),
    write: async (key, value) => void storage.set(key, value),
    grantedOrigins: async () => [...granted],
    registeredIds: async () => [...registered.keys()],
    register: async (scripts) => scripts.forEach((s) => registered.set(s.id, s)),
    unregister: async (ids) => ids.forEach((id) => registered.delete(id)),
    inject: async (tabId) => void injected.push(tabId),
    curated: ['https://*.variety.com/*', 'http://127.0.0.1/*'],
  };
  return { api, storage, registered, injected, granted };
}

describe('match patterns', () => {
  it('match the curated sites and their subdomains, any port, and nothing else', () => {
    expect(matchesPattern('https://*.variety.com/*', 'https://variety.com/2007/film')).toBe(true);
    expect(matchesPattern('https://*.variety.com/*', 'https://www.variety.com/')).toBe(true);
    expect(matchesPattern('https://*.variety.com/*', 'https://notvariety.com/')).toBe(false);
    expect(matchesPattern('https://*.variety.com/*', 'http://variety.com/')).toBe(false);
    expect(matchesPattern('http://127.0.0.1/*', 'http://127.0.0.1:8080/page.html')).toBe(true);
    expect(matchesPattern('*://example.com/*', 'https://example.com/a?b')).toBe(true);
    expect(sitePattern('https://Blog.Example.com/x')).toBe('*://blog.example.com/*');
    expect(sitePattern('chrome://extensions')).toBeNull();
  });
});

describe('per-site switches', () => {
  it('switches a curated site off and on with no permission', async () => {
    const { api, storage } = fakeApi();
    const registry = new SiteRegistry(api);
    expect(await registry.status('https://www.variety.com/a')).toMatchObject({
      site: 'www.variety.com',
      builtIn: true,
      disabled: false,
    });
    await registry.setDisabled('www.variety.com', true);
    expect(storage.get(DISABLED_SITES_KEY)).toEqual(['www.variety.com']);
    expect(await registry.status('https://www.variety.com/a')).toMatchObject({ disabled: true });
    await registry.setDisabled('www.variety.com', false);
    expect(storage.get(DISABLED_SITES_KEY)).toEqual([]);
  });

  it('adds a site only once its permission is granted, registers the script and runs it in the tab', async () => {
    const fake = fakeApi();
    const registry = new SiteRegistry(fake.api);
    await expect(registry.add('https://blog.example.com/post', 7)).rejects.toThrow(/no permission/);
    fake.granted.push('*://blog.example.com/*');
    await registry.add('https://blog.example.com/post', 7);
    expect(fake.storage.get(ADDED_SITES_KEY)).toEqual(['*://blog.example.com/*']);
    // The content script and the top frame's wake (issue 28), as the manifest runs both on curated sites.
    expect([...fake.registered.values()]).toEqual([
      { id: 'site-____blog.example.com__', matches: ['*://blog.example.com/*'], script: 'content' },
      { id: 'site-____blog.example.com__-wake', matches: ['*://blog.example.com/*'], script: 'wake' },
    ]);
    expect(fake.injected).toEqual([7]);
    expect(await registry.status('https://blog.example.com/')).toMatchObject({ added: true, builtIn: false });
  });

  it('re-registers on start what is missing and drops sites whose permission was removed', async () => {
    const fake = fakeApi(['*://a.example/*']);
    fake.storage.set(ADDED_SITES_KEY, ['*://a.example/*', '*://b.example/*']);
    fake.registered.set('site-stale', { id: 'site-stale', matches: ['*://old.example/*'], script: 'content' });
    fake.registered.set('other-feature', { id: 'other-feature', matches: [], script: 'content' });
    const registry = new SiteRegistry(fake.api);
    await registry.sync();
    expect([...fake.registered.keys()].sort()).toEqual([
      'other-feature',
      'site-____a.example__',
      'site-____a.example__-wake',
    ]);
    fake.granted.length = 0;
    await registry.permissionsRemoved(['*://a.example/*']);
    expect([...fake.registered.keys()]).toEqual(['other-feature']);
    expect(fake.storage.get(ADDED_SITES_KEY)).toEqual(['*://b.example/*']);
  });

  it('gives a site registered before the wake existed its wake, and keeps its content script', async () => {
    const fake = fakeApi(['*://a.example/*']);
    fake.storage.set(ADDED_SITES_KEY, ['*://a.example/*']);
    const content: ScriptRegistration = { id: 'site-____a.example__', matches: ['*://a.example/*'], script: 'content' };
    fake.registered.set(content.id, content);
    const registered: ScriptRegistration[][] = [];
    const register = fake.api.register;
    fake.api.register = async (scripts) => (registered.push(scripts), register(scripts));
    const unregistered: string[][] = [];
    const unregister = fake.api.unregister;
    fake.api.unregister = async (ids) => (unregistered.push(ids), unregister(ids));
    await new SiteRegistry(fake.api).sync();
    expect(registered).toEqual([[{ id: 'site-____a.example__-wake', matches: ['*://a.example/*'], script: 'wake' }]]);
    expect(unregistered).toEqual([]);
    // Positive control: both in place, a second sync registers nothing more.
    await new SiteRegistry(fake.api).sync();
    expect(registered).toHaveLength(1);
    expect([...fake.registered.keys()].sort()).toEqual(['site-____a.example__', 'site-____a.example__-wake']);
  });

  it('answers the popup through messages that content scripts may not send', async () => {
    const fake = fakeApi();
    const handlers = siteHandlers(new SiteRegistry(fake.api));
    expect(await handlers.setSiteDisabled({ url: 'http://127.0.0.1:5000/x', disabled: true })).toMatchObject({
      site: '127.0.0.1',
      builtIn: true,
      disabled: true,
    });
    expect(parseRequest({ type: 'setSiteDisabled', params: { url: 'javascript:alert(1)', disabled: true } })).toBe(
      'setSiteDisabled: only http and https pages',
    );
    expect(parseRequest({ type: 'addSite', params: { url: 'https://a.example/', tabId: -1 } })).toBe(
      'addSite: tabId must be a tab id or null',
    );
  });
});
