// The real SiteApi over the extension APIs and the database. Both browsers return promises
// from these in MV3, so no polyfill is needed here.
import type { AfterpartyDb } from '../../db/index.ts';
import type { SiteApi } from './site-registry.ts';
import { siteListStore } from './site-list-store.ts';

interface Ext {
  storage: {
    local: { get(keys: string[]): Promise<Record<string, unknown>>; remove(keys: string[]): Promise<void> };
  };
  permissions: { getAll(): Promise<{ origins?: string[] }> };
  scripting: {
    getRegisteredContentScripts(): Promise<Array<{ id: string }>>;
    registerContentScripts(scripts: object[]): Promise<void>;
    unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
    executeScript(injection: object): Promise<unknown>;
    insertCSS(injection: object): Promise<void>;
  };
  runtime: { getManifest(): { content_scripts?: Array<{ matches?: string[]; js?: string[]; run_at?: string }> } };
}

function manifestRunAt(ext: Ext, file: string): string | undefined {
  return ext.runtime.getManifest().content_scripts?.find((s) => s.js?.includes(file))?.run_at;
}

export function browserSiteApi(db: AfterpartyDb): SiteApi {
  const scope = globalThis as { browser?: Ext; chrome?: Ext };
  const ext = (scope.browser ?? scope.chrome) as Ext;
  const lists = siteListStore(db, ext.storage.local);
  return {
    read: lists.read,
    write: lists.write,
    grantedOrigins: async () => (await ext.permissions.getAll()).origins ?? [],
    registeredIds: async () => (await ext.scripting.getRegisteredContentScripts()).map((s) => s.id),
    register: (scripts) =>
      ext.scripting.registerContentScripts(
        scripts.map(({ id, matches, script }) =>
          script === 'wake'
            ? // As the manifest's wake: the top frame only, as the document starts, carrying nothing.
              { id, matches, js: ['wake.js'], runAt: 'document_start', allFrames: false }
            : {
                id,
                matches,
                js: ['content.js'],
                css: ['content.css'],
                // As the manifest's own content script starts in this browser (build.mjs picks it).
                runAt: manifestRunAt(ext, 'content.js') ?? 'document_idle',
                allFrames: true,
              },
        ),
      ),
    unregister: (ids) => ext.scripting.unregisterContentScripts({ ids }),
    async inject(tabId) {
      const target = { tabId, allFrames: true };
      await ext.scripting.insertCSS({ target, files: ['content.css'] });
      await ext.scripting.executeScript({ target, files: ['content.js'] });
    },
    get curated() {
      return (ext.runtime.getManifest().content_scripts ?? []).flatMap((s) => s.matches ?? []);
    },
  };
}

interface Events {
  runtime: { onStartup: { addListener(f: () => void): void }; onInstalled: { addListener(f: () => void): void } };
  permissions: {
    onAdded: { addListener(f: (p: { origins?: string[] }) => void): void };
    onRemoved: { addListener(f: (p: { origins?: string[] }) => void): void };
  };
}

/** Keeps the user's sites registered: on every start, and as permissions come and go. */
export function watchSites(registry: {
  sync(): Promise<void>;
  permissionsAdded(o: string[]): Promise<void>;
  permissionsRemoved(o: string[]): Promise<void>;
}): void {
  const scope = globalThis as { browser?: Events; chrome?: Events };
  const ext = (scope.browser ?? scope.chrome) as Events;
  const report = (error: unknown) => console.error('Afterparty: could not update site registrations', error);
  ext.runtime.onStartup.addListener(() => void registry.sync().catch(report));
  ext.runtime.onInstalled.addListener(() => void registry.sync().catch(report));
  ext.permissions.onAdded.addListener(({ origins = [] }) => void registry.permissionsAdded(origins).catch(report));
  ext.permissions.onRemoved.addListener(({ origins = [] }) => void registry.permissionsRemoved(origins).catch(report));
}
