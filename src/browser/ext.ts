// The extension API without webextension-polyfill, for code that runs in the content script
// and for tab messaging on both its ends (tab-messages.ts). Firefox's `browser` and Chrome's
// MV3 `chrome` both return Promises from every call made here, so the polyfill's 10 KB (a
// third of the content bundle) bought nothing in every page we run in. The background and
// extension pages otherwise keep the polyfill.
import type Browser from 'webextension-polyfill';

type Api = typeof Browser;

const scope = globalThis as unknown as { browser?: Api; chrome?: Api };

export const ext: Api = (scope.browser ?? scope.chrome) as Api;
