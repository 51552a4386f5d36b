import { bool, fail, field, guard, matches, nullable, obj, reword, say, text, type Check } from '../core/check.ts';
import { checkParams, noParams, objectParams, type SpecsFor } from './spec.ts';

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

const pageUrl: Check<string> = (v, path) => {
  const url = reword(text(MAX_URL), 'must be a page address')(v, path);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail(path, 'must be a page address');
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : say(path, 'only http and https pages');
};

const TAB_ID = nullable(
  guard((v): v is number => Number.isInteger(v) && (v as number) >= 0, 'must be a tab id or null'),
);
// The shape of an added site: a host (or a wildcard granted in the browser's settings), both schemes, every path.
const SITE_PATTERN = matches(/^\*:\/\/[^/\s]+\/\*$/, '', 300);

export const siteSpecs: SpecsFor<SiteMessages> = {
  // Open: the site is the sender's frame's, taken by the background from the sender, never params.
  getSiteSwitch: { validate: noParams('getSiteSwitch') },
  getSiteStatus: {
    privileged: true,
    validate: objectParams('getSiteStatus', 'needs {url}', (get) => ({ url: get('url', pageUrl) })),
  },
  setSiteDisabled: {
    privileged: true,
    changes: true,
    validate: objectParams('setSiteDisabled', 'needs {url, disabled}', (get) => ({
      url: get('url', pageUrl),
      disabled: get('disabled', bool),
    })),
  },
  addSite: {
    privileged: true,
    changes: true,
    validate: objectParams('addSite', 'needs {url, tabId}', (get) => ({
      url: get('url', pageUrl),
      tabId: get('tabId', TAB_ID),
    })),
  },
  getSites: { privileged: true, validate: noParams('getSites') },
  removeSite: {
    privileged: true,
    changes: true,
    validate: checkParams(
      'removeSite',
      reword(
        (v, path) => ({ pattern: field(obj(v, path), 'pattern', SITE_PATTERN, path) }),
        'needs {pattern} like "*://example.com/*"',
      ),
    ),
  },
};
