// Views that stay open (the popup, the options page) re-read after the user's data or the
// listings change: the background bumps one storage.local key, and storage.onChanged reaches
// every extension page, whichever page or sync made the change.
import type { MessageName } from './index.ts';

export const DATA_REVISION_KEY = 'data.revision';

/** Messages whose success changes what the views show (listings, plan, own events, corrections, sites, settings). */
export const CHANGING_MESSAGES: ReadonlySet<MessageName> = new Set<MessageName>([
  'addFeed',
  'removeFeed',
  'setFeedEnabled',
  'syncNow',
  'setSettings',
  'restoreBackup',
  'clearCache',
  'setSaved',
  'addUserEvent',
  'updateUserEvent',
  'deleteUserEvent',
  'addCorrection',
  'removeCorrection',
  'setSiteDisabled',
  'addSite',
  'removeSite',
]);
