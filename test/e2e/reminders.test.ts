/// <reference types="chrome" />
// Reminders in Chromium: "Remind me" in Saved sets an alarm in the worker at the lead time
// before the event; the alarm outlives the worker being stopped; when it fires, the worker shows
// a notification (read back through the notifications API); the card shows the reminder too;
// and the popup opened from a notification shows that event. The development build has the
// notifications permission granted: a headless test cannot answer the prompt.
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { clickCardButton } from './card-buttons.ts';
import { cardText, startHarness, type Harness } from './extension.ts';
import { watchWorker } from './service-worker.ts';
import { ask, isoIn } from './worker-ask.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The worker running now: a stopped one is replaced by a new one on the next message. */
function worker(): Worker {
  const workers = harness.context.serviceWorkers().filter((w) => w.url().includes(harness.extensionId));
  return workers[workers.length - 1]!;
}

const alarmsNow = () =>
  worker().evaluate(async () =>
    (await chrome.alarms.getAll()).map((a) => ({ name: a.name, scheduledTime: a.scheduledTime })),
  );

/**
 * How long after the event is added its reminder is due: the clicks, the worker stop and the
 * checks before the alarm took 2-4 s on this 2-core machine under a load of 20.
 */
const REMINDER_MARGIN = 20_000;

describe('reminders, in Chromium', () => {
  it('sets an alarm from "Remind me", keeps it across a worker stop, and notifies when it fires', async () => {
    // The lead time is chosen first, so that the event below can start soon: its alarm is due
    // REMINDER_MARGIN after it is added, time enough for the clicks and the worker stop before it.
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByText('Notifications are allowed.').waitFor();
    await options.getByLabel('Reminders').selectOption('10');
    await options.locator('[role=status]', { hasText: 'Saved.' }).waitFor();
    const shots = process.env['AFTERPARTY_SCREENSHOTS'];
    if (shots) {
      const field = options.locator('.field', { has: options.getByLabel('Reminders') });
      await field.scrollIntoViewIfNeeded();
      await options.locator('form', { has: field }).screenshot({ path: `${shots}/options-reminders.png` });
    }
    await options.close();
    const popup = await harness.context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await popup.waitForSelector('.festival-heading');
    const { films } = await ask<{ films: Array<{ key: string; title: string }> }>(popup, 'getSchedule');
    const film = films.find((f) => f.title === 'Fugitive Pieces')!;
    // With "10 minutes before", the reminder is due REMINDER_MARGIN from now. An unpacked
    // extension's alarm fires at its time (Chrome's 30 s floor is for packed ones only).
    const start = isoIn(10 * 60_000 + REMINDER_MARGIN);
    const { event } = await ask<{ event: { key: string } }>(popup, 'addUserEvent', {
      event: {
        kind: 'party',
        title: 'Cast drinks in a minute',
        films: [film.key],
        festival: null,
        start,
        venue: { name: 'The Drake', address: null },
      },
    });
    await ask(popup, 'setSaved', { eventKey: event.key, status: 'going' });

    await popup.reload();
    await popup.getByRole('tab', { name: /Saved/ }).click();
    const remind = popup.getByRole('button', { name: 'Remind me of Cast drinks in a minute' });
    expect(await remind.getAttribute('aria-pressed')).toBe('false');
    // Positive control for the alarm checks below: no reminder alarm before the click.
    const name = `afterparty-reminder:${event.key}`;
    expect((await alarmsNow()).map((a) => a.name)).not.toContain(name);
    await remind.click();
    await expect.poll(() => remind.getAttribute('aria-pressed')).toBe('true');
    expect(await popup.locator('.ap-remind-note').textContent()).toBe('Reminder 10 min before');
    if (shots) await popup.screenshot({ path: `${shots}/saved-reminder.png` });

    const due = Date.parse(start) - 10 * 60_000;
    await expect.poll(async () => (await alarmsNow()).find((a) => a.name === name)?.scheduledTime).toBe(due);

    // Stopped, the worker takes nothing with it: the alarm is the browser's.
    const watch = await watchWorker(harness.context, popup, harness.extensionId);
    await watch.stop(await watch.running());
    await ask(popup, 'getSettings'); // wakes a new worker
    expect((await alarmsNow()).find((a) => a.name === name)?.scheduledTime).toBe(due);

    // When it fires, the worker (started again by the alarm if need be) shows the notification.
    const notifications = () => worker().evaluate(() => chrome.notifications.getAll());
    expect(await notifications()).not.toHaveProperty(name);
    await expect.poll(notifications, { timeout: 60_000, interval: 1_000 }).toHaveProperty(name);
    await popup.close();
  });

  it('shows "Remind me" in the card for a saved event of the hovered film, and sets it from there', async () => {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const { films } = await ask<{ films: Array<{ key: string; title: string }> }>(page, 'getSchedule');
    const film = films.find((f) => f.title === 'Fugitive Pieces')!;
    const { event } = await ask<{ event: { key: string } }>(page, 'addUserEvent', {
      event: {
        kind: 'dinner',
        title: 'Late supper',
        films: [film.key],
        festival: null,
        start: isoIn(3 * 3600_000),
        venue: null,
      },
    });
    await ask(page, 'setSaved', { eventKey: event.key, status: 'interested' });
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    await hoverText(page, 'Fugitive Pieces');
    await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toContain('Late supper');
    await clickCardButton(page, 'Remind me of Late supper');
    await expect.poll(async () => (await cardText(page)) ?? '').toContain('Reminder 10 min before');
    const popup = await harness.context.newPage();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const plan = await ask<{ saved: Array<{ eventKey: string; remind?: boolean }> }>(popup, 'getPlan');
    expect(plan.saved.find((s) => s.eventKey === event.key)?.remind).toBe(true);
    await popup.close();
    await page.close();
  });

  it('opens the popup page on the event a notification is about', async () => {
    const popup = await harness.context.newPage();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const plan = await ask<{ events: Array<{ key: string; title: string }> }>(popup, 'getPlan');
    const target = plan.events.find((e) => e.title === 'Late supper')!;
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html?event=${encodeURIComponent(target.key)}`);
    const focused = popup.locator('.ap-event.focused');
    await focused.waitFor();
    expect(await focused.getAttribute('data-event-key')).toBe(target.key);
    expect(await popup.getByRole('tab', { selected: true }).textContent()).toMatch(/^Saved/);
    expect(await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.eventKey)).toBe(
      target.key,
    );
    // Positive control: opened plainly, no event is singled out.
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await popup.getByRole('tab', { name: /Saved/ }).click();
    await popup.locator('.saved .ap-event').first().waitFor();
    expect(await popup.locator('.ap-event.focused').count()).toBe(0);
    await popup.close();
  });
});
