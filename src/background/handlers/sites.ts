import type { SiteMessages } from '../../messages/sites.ts';
import { browserSiteApi } from '../sites/browser-site-api.ts';
import { SiteRegistry } from '../sites/site-registry.ts';
import type { HandlersFor } from './types.ts';

let shared: SiteRegistry | null = null;

/** The worker's registry over the real browser APIs, made on first use (unit tests pass their own). */
export function sharedSiteRegistry(): SiteRegistry {
  shared ??= new SiteRegistry(browserSiteApi());
  return shared;
}

export function siteHandlers(sites?: SiteRegistry): HandlersFor<SiteMessages> {
  const registry = () => sites ?? sharedSiteRegistry();
  return {
    getSiteStatus: ({ url }) => registry().status(url),
    async setSiteDisabled({ url, disabled }) {
      const { site } = await registry().status(url);
      if (!site) throw new Error('Afterparty runs only on http and https pages');
      await registry().setDisabled(site, disabled);
      return registry().status(url);
    },
    async addSite({ url, tabId }) {
      await registry().add(url, tabId);
      return registry().status(url);
    },
    getSites: () => registry().list(),
    async removeSite({ pattern }) {
      await registry().remove(pattern);
      return registry().list();
    },
  };
}
