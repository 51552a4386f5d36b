import type { AfterpartyDb } from '../../db/index.ts';
import type { SiteMessages } from '../../messages/index.ts';
import { browserSiteApi } from '../sites/browser-site-api.ts';
import { senderSite } from '../sites/site-of.ts';
import { SiteRegistry } from '../sites/site-registry.ts';
import type { HandlersFor } from './types.ts';

let shared: SiteRegistry | null = null;

/** The worker's registry over the real browser APIs, made on first use (unit tests pass their own). */
export function sharedSiteRegistry(db: AfterpartyDb): SiteRegistry {
  shared ??= new SiteRegistry(browserSiteApi(db));
  return shared;
}

/** `sites` may be a getter, so the browser APIs are touched on first use only. */
export function siteHandlers(sites: SiteRegistry | (() => SiteRegistry)): HandlersFor<SiteMessages> {
  const registry = () => (typeof sites === 'function' ? sites() : sites);
  return {
    async getSiteSwitch(_params, from) {
      const site = senderSite(from);
      return { disabled: site !== null && (await registry().isDisabled(site)) };
    },
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
