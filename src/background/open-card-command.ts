// The keyboard shortcut (manifest `commands`, "open-card"): asks the active tab's content
// script to open the card for the film title at the selection or caret. The tab's id needs
// no "tabs" permission.
import browser from 'webextension-polyfill';
import { sendToTab } from '../browser/tab-messages.ts';

const OPEN_CARD_COMMAND = 'open-card';

export function watchOpenCardCommand(): void {
  browser.commands?.onCommand.addListener(async (command: string, tab?: browser.Tabs.Tab) => {
    if (command !== OPEN_CARD_COMMAND) return;
    const id = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    // No content script on that page (not a matched site): nothing to open.
    if (id !== undefined) await sendToTab(id, 'afterparty:openCard', {}).catch(() => undefined);
  });
}
