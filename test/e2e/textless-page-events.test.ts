// A page that is all JSON-LD (no text in its body) on a site where Afterparty is on: the popup's
// "This page" says no film was found and offers the page's event, not "Afterparty does not read
// this page" (issue 30.3). Its Firefox twin is in firefox-extension-pages.test.ts.
import { describe, expect, it } from 'vitest';
import { harnessServing, popupOnPage } from './extension.ts';

const env = harnessServing('test/fixtures/jsonld');

describe('a page with events and no text, in Chromium', () => {
  it('offers its event under "This page"; switched off, the popup says it does not read the page', async () => {
    const url = `${env.fixtures.url}textless.html`;
    const popup = await popupOnPage(env.harness.context, env.harness.extensionId, url);
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    expect(await found.textContent()).toContain('Rooftop screening party');
    await popup.getByText('No listed film found on this page.').waitFor();
    expect(await popup.getByText('Afterparty does not read this page.', { exact: false }).count()).toBe(0);
    // Positive control: switched off on this site, the same popup says it does not read the page.
    const set = (disabled: boolean) =>
      popup.evaluate(
        (params) =>
          (
            globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
          ).chrome.runtime.sendMessage({ type: 'setSiteDisabled', params }),
        { url, disabled },
      );
    expect(await set(true)).toHaveProperty('result');
    await popup.reload();
    await popup.getByRole('tab', { name: /^This page/ }).click();
    await popup.getByText('Afterparty does not read this page.', { exact: false }).waitFor();
    expect(await popup.getByText('No listed film found on this page.').count()).toBe(0);
    expect(await set(false)).toHaveProperty('result');
    await popup.close();
  });
});
