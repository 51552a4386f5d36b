// The optional host permission a feed's origin needs (feedOrigin): asked by the extension's
// pages and checked by the worker for the same pattern.
import browser from 'webextension-polyfill';
import { feedAddress, feedOrigin, type FeedOrigin } from '../core/feed/index.ts';
import { t } from './i18n.ts';

/**
 * The origin to ask for. Plain http to another machine is refused first, in words: the worker
 * would refuse to fetch it, so the browser's prompt must not be shown for it.
 */
function originOf(url: string): FeedOrigin {
  const address = feedAddress(url);
  if (!address.ok && address.code === 'insecure-url') throw new Error(t('sync_errorInsecureUrl'));
  const origin = feedOrigin(address.ok ? address.url : url);
  if (!origin) throw new Error(t('sync_errorBadUrl'));
  return origin;
}

/**
 * Asks for the feed's origin; rejects, in the user's words, when it is refused or the address is
 * not a feed's. Call it inside the user's click with nothing awaited before it: browsers refuse
 * a prompt once the gesture is over.
 */
export function requestFeedPermission(url: string): Promise<void> {
  let origin: FeedOrigin;
  try {
    origin = originOf(url);
  } catch (error) {
    return Promise.reject(error);
  }
  return browser.permissions.request({ origins: [origin.pattern] }).then((granted) => {
    if (!granted) throw new Error(t('sync_errorPermission', origin.host));
  });
}

/** Whether Afterparty may fetch the feed; never asks, so it needs no user gesture. */
export async function hasFeedPermission(url: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originOf(url).pattern] });
}
