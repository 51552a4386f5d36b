// The options page's feed form in Chromium, as a user fills it.
import type { Page } from 'playwright-core';

/** Types `address` into "Feed or calendar address" and presses "Add feed"; the outcome is the caller's to wait for. */
export async function submitFeed(options: Page, address: string): Promise<void> {
  await options.getByLabel('Feed or calendar address').fill(address);
  await options.getByRole('button', { name: 'Add feed' }).click();
}
