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

/**
 * The card's shortcut as the browser has it now (the reader may have changed or removed it in
 * the browser's shortcut settings), for the card to show; null when none is set.
 */
export async function openCardShortcut(): Promise<string | null> {
  const commands = (await browser.commands?.getAll()) ?? [];
  return commands.find((command) => command.name === OPEN_CARD_COMMAND)?.shortcut || null;
}
