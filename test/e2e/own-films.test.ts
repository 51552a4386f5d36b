// A cinema's page lists a screening of a film no feed knows: the popup offers to add the film,
// the user adds it and the event, and a page naming the film is then underlined and its card
// shows the event; removing the film in the options page says which events name it (issue 18).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoverText } from '../../scripts/browser.mjs';
import { harnessServing, popupOnPage, waitForCard } from './extension.ts';

const env = harnessServing('test/fixtures/jsonld');

/** Loads the page afresh and reads, once its scan ended, every underlined text, sorted. */
async function underlinedAfterScan(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, null, {
    timeout: 20_000,
  });
  return page.evaluate(() =>
    [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].map((r) => r.toString()).sort(),
  );
}

describe('a film no feed lists, named by a screening on a page', () => {
  it('is added from the popup, ties the event to it, and is then underlined with the event in its card', async () => {
    const reviewUrl = `${env.fixtures.url}own-film-review.html`;
    const review = await env.harness.context.newPage();
    // Before: the feed's film is underlined (the positive control), the unknown film is not.
    expect(await underlinedAfterScan(review, reviewUrl)).toEqual(['Fugitive Pieces']);

    const popup = await popupOnPage(
      env.harness.context,
      env.harness.extensionId,
      `${env.fixtures.url}own-film-screening.html`,
    );
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    expect(await found.textContent()).toContain('Not in your listings: Midnight Harbour');
    expect(await found.textContent()).not.toContain('For Midnight Harbour');
    // The page's other name is shown, unticked (#26.9): added only because the user ticks it.
    const alias = found.getByRole('checkbox', { name: 'Port de minuit' });
    expect(await alias.isChecked()).toBe(false);
    await alias.check();
    await found.getByRole('button', { name: 'Add “Midnight Harbour” to my films' }).click();
    await found.getByText('“Midnight Harbour” is in your films now').waitFor();
    // The page is read again against the catalog with the film in it: the event is tied to it.
    await found.getByText('For Midnight Harbour').waitFor();
    expect(await found.textContent()).not.toContain('Not in your listings');
    await found.getByRole('button', { name: 'Add this event: Harbour night at the Revue' }).click();
    await found.getByText('Added to your events').waitFor();

    // A page naming the film, by its title or by the other name the page gave, is underlined.
    expect(await underlinedAfterScan(review, reviewUrl)).toEqual([
      'Fugitive Pieces',
      'Midnight Harbour',
      'Port de minuit',
    ]);
    await hoverText(review, 'Midnight Harbour');
    const card = await waitForCard(review, /Harbour night at the Revue/);
    expect(card).toContain('Midnight Harbour');
    expect(card).toContain('Your event');

    // The options page lists it with the event that names it; removing it says so first.
    const options = await env.harness.context.newPage();
    await options.goto(`chrome-extension://${env.harness.extensionId}/options.html`);
    const panel = options.getByRole('region', { name: 'Your films' });
    await panel.getByText('Midnight Harbour (2025)').waitFor();
    expect(await panel.textContent()).toContain('Named by your events: “Harbour night at the Revue”');
    await panel.getByRole('button', { name: 'Remove “Midnight Harbour” from your films' }).click();
    await panel.getByText('Your events “Harbour night at the Revue” name this film.').waitFor();
    // Nothing is removed until the user confirms.
    expect(await underlinedAfterScan(review, reviewUrl)).toContain('Midnight Harbour');
    await panel.getByRole('button', { name: 'Remove it from them and delete' }).click();
    await panel.getByText('“Midnight Harbour” is no longer in your films.').waitFor();
    await panel.getByText('You have not added any film.', { exact: false }).waitFor();
    // Gone from pages again; the feed's film is still underlined beside it.
    expect(await underlinedAfterScan(review, reviewUrl)).toEqual(['Fugitive Pieces']);
    // The event stays, without the film.
    await popup.goto(`chrome-extension://${env.harness.extensionId}/popup.html`);
    await popup.getByRole('tab', { name: /^Schedule/ }).click();
    await popup.locator('section.day').first().waitFor({ state: 'attached' });
    expect((await popup.locator('section.day').allTextContents()).join('\n')).toContain('Harbour night at the Revue');

    await options.close();
    await popup.close();
    await review.close();
  });
});
