// The extension's own pages as the UI opens them, and the keyboard shortcut as the browser has
// it now (the user may have changed or removed it, so the manifest's suggestion is not the answer).
import browser from 'webextension-polyfill';

/** The options page, in its tab (or the tab it already has). */
export function openOptionsPage(): Promise<void> {
  return browser.runtime.openOptionsPage();
}

/** The first-run page's address; `section` is one of its headings' ids. */
export function welcomePageUrl(section?: string): string {
  return browser.runtime.getURL(`welcome.html${section ? `#${section}` : ''}`);
}

/** The shortcut that opens the card ("Alt+Shift+F"), or null when none is set. */
export async function openCardShortcut(): Promise<string | null> {
  const commands = (await browser.commands?.getAll?.()) ?? [];
  return commands.find((command) => command.name === 'open-card')?.shortcut || null;
}
