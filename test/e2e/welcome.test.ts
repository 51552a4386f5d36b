// The first-run page (#29.1): opened once on install, in real Chromium with the dev build; its
// links lead to the demo (which underlines titles) and the options; the shortcut is the one the
// browser has; axe finds nothing serious. The popup's mentions of the options open them.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, waitForHighlights } from '../../scripts/browser.mjs';
import { seriousViolations } from './ui-axe.ts';

let context: BrowserContext;
let extensionId: string;
let welcome: Page;

beforeAll(async () => {
  const launched = await launchWithExtension({
    extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
  });
  context = launched.context;
  extensionId = launched.extensionId;
  if (!launched.welcome) throw new Error('the first-run page did not open on install');
  welcome = launched.welcome;
}, 60_000);

afterAll(async () => {
  await context?.close();
});

const opened = (url: string) =>
  context.waitForEvent('page', { predicate: (p) => p.url().startsWith(url), timeout: 15_000 }).catch(async () => {
    const page = context.pages().find((p) => p.url().startsWith(url));
    if (!page) throw new Error(`${url} did not open`);
    return page;
  });

describe('the first-run page', () => {
  it('opens once on install, saying what Afterparty does and how to add listings', async () => {
    expect(welcome.url()).toBe(`chrome-extension://${extensionId}/welcome.html`);
    await welcome.getByRole('heading', { level: 1, name: 'Welcome to Afterparty' }).waitFor();
    for (const name of ['Try it', 'Add listings', 'Keyboard', 'On and off, site by site'])
      await welcome.getByRole('heading', { level: 2, name }).waitFor();
    const add = await welcome.locator('#add-listings').textContent();
    expect(add).toContain('festival.example/parties.ics');
    expect(add).toContain('webcal://');
    expect(add).toContain('Import an invitation');
    expect(add).toContain('This page');
    // Only one first-run tab: the install opened it once.
    expect(context.pages().filter((p) => p.url().includes('/welcome.html'))).toHaveLength(1);
  });

  it('shows the shortcut the browser has for the card', async () => {
    const line = welcome.locator('.shortcut-line[data-shortcut]');
    await line.waitFor();
    const shortcut = await welcome.evaluate(
      async () => (await chrome.commands.getAll()).find((c) => c.name === 'open-card')?.shortcut ?? '',
    );
    expect(shortcut).toBe('Alt+Shift+F');
    expect(await line.getAttribute('data-shortcut')).toBe(shortcut);
    expect(await line.locator('kbd').textContent()).toBe(shortcut);
  });

  it('is clean under axe, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await welcome.emulateMedia({ colorScheme });
      expect(await seriousViolations(welcome)).toEqual([]);
    }
    await welcome.emulateMedia({ colorScheme: 'light' });
  });

  it('links to the demo page, where titles are underlined', async () => {
    const demoUrl = `chrome-extension://${extensionId}/demo.html`;
    const demoOpened = opened(demoUrl);
    await welcome.getByRole('link', { name: 'Open the demo page' }).click();
    const demo = await demoOpened;
    await waitForHighlights(demo);
    await demo.close();
  });

  it('links to the options page', async () => {
    const optionsUrl = `chrome-extension://${extensionId}/options.html`;
    const optionsOpened = opened(optionsUrl);
    await welcome.getByRole('link', { name: 'Open the options to add a feed' }).click();
    const options = await optionsOpened;
    await options.getByLabel('Feed or calendar address').waitFor();
    // And back: the options page links to the first-run page.
    expect(await options.getByRole('link', { name: 'Getting started with Afterparty' }).getAttribute('href')).toBe(
      'welcome.html',
    );
    await options.close();
  });
});

describe('the popup', () => {
  it('makes its mention of the options a link that opens them, and links to the first-run page', async () => {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const line = popup.locator('.sync-line');
    await line.getByText('Built-in listings only').waitFor();
    const link = line.getByRole('link', { name: 'add feeds in the options' });
    const optionsOpened = opened(`chrome-extension://${extensionId}/options.html`);
    await link.click();
    const options = await optionsOpened;
    await options.getByLabel('Feed or calendar address').waitFor();
    await options.close();
    const gettingStarted = popup.getByRole('link', { name: 'Getting started' });
    expect(await gettingStarted.getAttribute('href')).toBe(`chrome-extension://${extensionId}/welcome.html`);
    const welcomeOpened = opened(`chrome-extension://${extensionId}/welcome.html`);
    await gettingStarted.click();
    const again = await welcomeOpened;
    await again.getByRole('heading', { level: 1, name: 'Welcome to Afterparty' }).waitFor();
    await popup.close();
  });
});
