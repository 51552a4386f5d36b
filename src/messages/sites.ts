import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

// Both lists live in IndexedDB, written only by the background (src/db/site-lists.ts): content
// scripts can write storage.local, where they were kept before, and so could switch a site off.
/** The list of hostnames where the user switched Afterparty off; content scripts ask getSiteSwitch. */
export const DISABLED_SITES_KEY = 'sites.disabled';
/** The list of sites the user added (their host permission patterns). */
export const ADDED_SITES_KEY = 'sites.added';

export interface SiteStatus {
  /** The page's hostname; null where Afterparty cannot run (browser pages, files). */
  site: string | null;
  /** Matched by the manifest's curated list. */
  builtIn: boolean;
  /** Added by the user (optional host permission granted, script registered). */
  added: boolean;
  /** Switched off by the user. */
  disabled: boolean;
  /** The pattern to ask permission for when adding the site. */
  pattern: string | null;
}

/** The options page's "Sites" section. */
export interface SiteList {
  /** The manifest's content-script match patterns: where Afterparty runs out of the box. */
  curated: string[];
  /** Sites the user added; `granted` is false once the browser's settings took the permission back. */
  added: Array<{ site: string; pattern: string; granted: boolean }>;
  /** Hostnames switched off by the user. */
  disabled: string[];
}

export interface SiteMessages {
  /** Whether the sending frame's site is switched off: a content script asks for itself only. */
  getSiteSwitch: { params: Record<string, never>; result: { disabled: boolean } };
  getSiteStatus: { params: { url: string }; result: SiteStatus };
  /** The per-site off switch; needs no permission. */
  setSiteDisabled: { params: { url: string; disabled: boolean }; result: SiteStatus };
  /** After the popup obtained the host permission: register the script and run it in the tab now. */
  addSite: { params: { url: string; tabId: number | null }; result: SiteStatus };
  getSites: { params: Record<string, never>; result: SiteList };
  /** Stops running on an added site (its script is unregistered); answers the new list. */
  removeSite: { params: { pattern: string }; result: SiteList };
}

const MAX_URL = 2_048;

function checkUrl(name: string, url: unknown): string | null {
  if (typeof url !== 'string' || url.length > MAX_URL) return `${name}: url must be a page address`;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : `${name}: only http and https pages`;
  } catch {
    return `${name}: url must be a page address`;
  }
}

export const siteSpecs: SpecsFor<SiteMessages> = {
  // Open: the site is the sender's frame's, taken by the background from the sender, never params.
  getSiteSwitch: { validate: noParams('getSiteSwitch') },
  getSiteStatus: {
    privileged: true,
    validate(params) {
      if (!isPlainObject(params)) return 'getSiteStatus needs {url}';
      return checkUrl('getSiteStatus', params.url) ?? { url: params.url as string };
    },
  },
  setSiteDisabled: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'setSiteDisabled needs {url, disabled}';
      const bad = checkUrl('setSiteDisabled', params.url);
      if (bad) return bad;
      if (typeof params.disabled !== 'boolean') return 'setSiteDisabled: disabled must be true or false';
      return { url: params.url as string, disabled: params.disabled };
    },
  },
  addSite: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'addSite needs {url, tabId}';
      const bad = checkUrl('addSite', params.url);
      if (bad) return bad;
      const { tabId } = params;
      if (tabId !== null && !(Number.isInteger(tabId) && (tabId as number) >= 0))
        return 'addSite: tabId must be a tab id or null';
      return { url: params.url as string, tabId: tabId as number | null };
    },
  },
  getSites: { privileged: true, validate: noParams('getSites') },
  removeSite: {
    privileged: true,
    changes: true,
    validate(params) {
      // The shape of an added site: a host (or a wildcard granted in the browser's settings), both schemes, every path.
      const ok =
        isPlainObject(params) &&
        typeof params.pattern === 'string' &&
        params.pattern.length <= 300 &&
        /^\*:\/\/[^/\s]+\/\*$/.test(params.pattern);
      return ok ? { pattern: params.pattern as string } : 'removeSite needs {pattern} like "*://example.com/*"';
    },
  },
};
