// What the worker hands scripting.registerContentScripts for a site the user added: the content
// script as the manifest runs it in this browser, and the top frame's wake (issue 28) as the
// manifest runs it on the curated sites.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSiteApi } from '../../src/background/sites/browser-site-api.ts';
import { freshDb } from '../db/fake-db.ts';

function fakeExt(runAt: string) {
  const registered: object[][] = [];
  const ext = {
    storage: { local: { get: async () => ({}), remove: async () => undefined } },
    permissions: { getAll: async () => ({ origins: [] }) },
    scripting: {
      getRegisteredContentScripts: async () => [],
      registerContentScripts: async (scripts: object[]) => void registered.push(scripts),
      unregisterContentScripts: async () => undefined,
      executeScript: async () => undefined,
      insertCSS: async () => undefined,
    },
    runtime: {
      getManifest: () => ({
        content_scripts: [
          { matches: ['https://*.variety.com/*'], js: ['content.js'], run_at: runAt },
          { matches: ['https://*.variety.com/*'], js: ['wake.js'], run_at: 'document_start' },
        ],
      }),
    },
  };
  return { ext, registered };
}

afterEach(() => vi.unstubAllGlobals());

describe('browserSiteApi.register', () => {
  it.each(['document_idle', 'document_end'])(
    'registers the content script at the manifest’s %s in every frame, and the wake at document_start in the top frame',
    async (runAt) => {
      const { ext, registered } = fakeExt(runAt);
      vi.stubGlobal('browser', ext);
      const api = browserSiteApi(freshDb());
      const matches = ['*://blog.example.com/*'];
      await api.register([
        { id: 'site-a', matches, script: 'content' },
        { id: 'site-a-wake', matches, script: 'wake' },
      ]);
      expect(registered).toEqual([
        [
          { id: 'site-a', matches, js: ['content.js'], css: ['content.css'], runAt, allFrames: true },
          { id: 'site-a-wake', matches, js: ['wake.js'], runAt: 'document_start', allFrames: false },
        ],
      ]);
    },
  );
});
