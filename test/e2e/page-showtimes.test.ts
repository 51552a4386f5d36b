// A cinema's page gives each film once with a start per showtime (issue 31): "This page" shows
// one line per film and day with its times as chips, a checkbox for the film and one per time,
// and "Add all" adds the times ticked. A block it mended says so; a block it left out says why.
import { describe, expect, it } from 'vitest';
import { harnessServing, popupOnPage } from './extension.ts';

const env = harnessServing('test/fixtures/jsonld');

describe("a cinema's showtimes page", () => {
  it('groups the times by film and adds the ones ticked', async () => {
    const pageUrl = `${env.fixtures.url}showtimes.html`;
    const popup = await popupOnPage(env.harness.context, env.harness.extensionId, pageUrl);
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    // One line a film: two groups, five times as chips.
    const groups = found.locator('.page-event-group');
    await expect.poll(() => groups.count()).toBe(2);
    expect(await found.locator('.showtime-chip').count()).toBe(5);
    const burn = groups.filter({ hasText: 'Burn After Reading' });
    expect(await burn.textContent()).toContain('3 times');
    expect(await burn.textContent()).toContain('Saturday, September 6, 2008');
    // The mended block and the one left out are said.
    const text = (await found.textContent()) ?? '';
    expect(text).toContain('trailing commas');
    expect(text).toContain('a text in it never ends');

    // A time unticked, then a whole film: "Add all" becomes the count of what is left ticked.
    await found.getByRole('button', { name: 'Add all 5 events' }).waitFor();
    await found.getByRole('checkbox', { name: /^Include Burn After Reading at 4:00\s?PM in "Add all"$/ }).uncheck();
    await found.getByRole('button', { name: 'Add the 4 chosen' }).waitFor();
    await found.getByRole('checkbox', { name: 'Include every time of Rachel Getting Married in "Add all"' }).uncheck();
    await found.getByRole('button', { name: 'Add the 2 chosen' }).click();
    await found.getByText('2 of 5 added').waitFor();

    // The schedule has the two times added (positive control) and not the ones left out.
    await popup.getByRole('tab', { name: /^Schedule/ }).click();
    const day = popup.locator('section.day', {
      has: popup.locator('.day-heading', { hasText: 'Saturday, September 6, 2008' }),
    });
    await day.waitFor({ state: 'attached' });
    const saturday = (await day.textContent()) ?? '';
    expect(saturday).toContain('Burn After Reading');
    expect(saturday).toMatch(/1:00\s?PM/);
    expect(saturday).toMatch(/7:00\s?PM/);
    expect(saturday).not.toMatch(/4:00\s?PM/);
    expect(saturday).not.toContain('Rachel Getting Married');
    await popup.close();
  });
});
