// A festival programme page offers every event it lists (JSON-LD @graph with @id places, a
// screening named only by its film, RDFa): "Add all" adds the three with one click (issue 18).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessServing, popupOnPage } from './extension.ts';

const env = harnessServing('test/fixtures/jsonld');

const popupUrl = (query = '') => `chrome-extension://${env.harness.extensionId}/popup.html${query}`;

async function tabIdOf(popup: Page, url: string): Promise<number | null> {
  return popup.evaluate(async (wanted) => {
    const api = (
      globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } }
    ).chrome;
    return (await api.tabs.query({})).find((tab) => tab.url === wanted)?.id ?? null;
  }, url);
}

/** The schedule's days, all of them: a festival that is over is folded, so attached, not visible. */
async function scheduleText(popup: Page): Promise<string> {
  await popup.goto(popupUrl());
  await popup.getByRole('tab', { name: /^Schedule/ }).click();
  await popup.locator('section.day').first().waitFor({ state: 'attached' });
  return (await popup.locator('section.day').allTextContents()).join('\n');
}

async function saturday(popup: Page): Promise<string> {
  await scheduleText(popup);
  const day = popup.locator('section.day', {
    has: popup.locator('.day-heading', { hasText: 'Saturday, September 6, 2008' }),
  });
  await day.waitFor({ state: 'attached' });
  return (await day.textContent()) ?? '';
}

describe('a programme page', () => {
  it('adds its three events with one click on "Add all"', async () => {
    const site = await env.harness.context.newPage();
    const pageUrl = `${env.fixtures.url}programme.html`;
    await site.goto(pageUrl);
    const popup = await env.harness.context.newPage();
    await popup.goto(popupUrl());
    // Positive control for the absence checks below: none of the three is in the schedule yet.
    const before = await scheduleText(popup);
    expect(before.length).toBeGreaterThan(0);
    for (const title of ['Programme tea party', 'Late-night karaoke']) expect(before).not.toContain(title);
    const tabId = await tabIdOf(popup, pageUrl);
    expect(tabId).not.toBeNull();
    await popup.goto(popupUrl(`?tab=${tabId}`));
    await popup.getByRole('tab', { name: /^This page/ }).click();
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    const offered = (await found.textContent()) ?? '';
    for (const title of ['Burn After Reading', 'Programme tea party', 'Late-night karaoke'])
      expect(offered).toContain(title);
    expect(offered).toContain('titled after the film or work it presents');
    // Each can be left out: a checkbox per event, all ticked.
    await expect.poll(() => found.getByRole('checkbox', { checked: true }).count()).toBe(3);

    // Unticking one makes the button add the others; ticked again, it adds all.
    const karaoke = found.getByRole('checkbox', { name: 'Include Late-night karaoke in "Add all"' });
    await karaoke.uncheck();
    await found.getByRole('button', { name: 'Add the 2 chosen' }).waitFor();
    await karaoke.check();
    await found.getByRole('button', { name: 'Add all 3 events' }).click();
    await found.getByText('3 of 3 added').waitFor();
    expect(await found.getByText('Added to your events').count()).toBe(3);

    const day = await saturday(popup);
    expect(day).toContain('Burn After Reading');
    expect(day).toContain('Programme tea party');
    expect(day).toContain('Late-night karaoke');
    expect(day).toMatch(/5:30\s?PM EDT/);
    await site.close();
    await popup.close();
  });

  it('offers an event the page gives no name, and adds it once the user names it', async () => {
    const popup = await popupOnPage(env.harness.context, env.harness.extensionId, `${env.fixtures.url}broadcast.html`);
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    const offered = (await found.textContent()) ?? '';
    expect(offered).toContain('Cast watch party');
    expect(offered).toContain('Unnamed event');
    expect(offered).toContain('name it to add it');
    // Unnamed, it cannot be added; "Add all" takes the named one (the positive control) and says why.
    const addUnnamed = found.getByRole('button', { name: 'Add this event: Unnamed event' });
    expect(await addUnnamed.isDisabled()).toBe(true);
    expect(await found.getByRole('button', { name: 'Add this event: Cast watch party' }).isEnabled()).toBe(true);
    await found.getByText('1 chosen need a name before they can be added.').waitFor();
    await found.getByRole('button', { name: 'Add the 1 chosen' }).waitFor();

    await found.getByRole('textbox', { name: 'Name' }).fill('Episode 8 broadcast');
    await found.getByRole('button', { name: 'Add all 2 events' }).click();
    await found.getByText('2 of 2 added').waitFor();
    const schedule = await scheduleText(popup);
    expect(schedule).toContain('Cast watch party');
    expect(schedule).toContain('Episode 8 broadcast');
    await popup.close();
  });
});
