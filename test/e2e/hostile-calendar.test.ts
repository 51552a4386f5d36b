// A subscribed calendar turns hostile (issue 11): a recurrence rule no date satisfies and a
// duration of 10^18 weeks, each of which used to hang the worker for good. In real Chromium the
// sync fails in plain words on the options page, the worker keeps answering the popup and the
// options page, and the last good events stay. A clean calendar beside it is the positive control.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitFeed } from './add-feed.ts';
import { harnessWithRoutes, openExtensionPage } from './extension.ts';

const calendar = (name: string, body: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:${name}\r\nX-WR-TIMEZONE:America/Toronto\r\n${body}END:VCALENDAR\r\n`;
const vevent = (lines: string[]) =>
  `BEGIN:VEVENT\r\nDTSTAMP:20070901T000000Z\r\n${lines.join('\r\n')}\r\nEND:VEVENT\r\n`;

const SWITCH_GOOD = calendar(
  'Switching calendar',
  vevent(['UID:switch-gala', 'DTSTART:20070908T230000Z', 'SUMMARY:Switch gala at the Drake']),
);
const HOSTILE_EVENTS =
  vevent(['UID:never-daily', 'DTSTART:20070906T100000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'SUMMARY:Never']) +
  vevent([
    'UID:never-secondly',
    'DTSTART:20070906T100000Z',
    'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
    'SUMMARY:Never',
  ]) +
  vevent(['UID:forever', 'DTSTART:20070906T100000Z', 'DURATION:P999999999999999999W', 'SUMMARY:Forever']);
const SWITCH_HOSTILE = calendar('Switching calendar', HOSTILE_EVENTS);
const CLEAN = calendar(
  'Clean calendar',
  vevent(['UID:clean-gala', 'DTSTART:20070909T230000Z', 'SUMMARY:Clean gala at the Gladstone']),
);

let switched = false;
const WORDS = /asks for more work to read than Afterparty allows/;

const env = harnessWithRoutes({
  '/switch.ics': () => (switched ? SWITCH_HOSTILE : SWITCH_GOOD),
  '/clean.ics': CLEAN,
  '/hostile.ics': calendar('Hostile calendar', HOSTILE_EVENTS),
});

const addFeed = (options: Page, path: string) => submitFeed(options, `${env.served.base}${path}`);

describe('a hostile calendar', () => {
  let options: Page;

  it('is refused in plain words when it is hostile from the start', async () => {
    options = await openExtensionPage(env.harness, 'options.html');
    await addFeed(options, '/hostile.ics');
    const alert = options.getByRole('region', { name: 'Feeds' }).getByRole('alert').filter({ hasText: WORDS });
    await expect(alert.textContent({ timeout: 15_000 })).resolves.toMatch(WORDS);
  });

  it('subscribed while clean, then turned hostile: the sync fails in words, the last good event stays', async () => {
    await addFeed(options, '/switch.ics');
    const switching = options.locator('li.feed', { hasText: 'Switching calendar' });
    await switching.waitFor({ timeout: 15_000 });
    expect(await switching.textContent()).toMatch(/\b1 event(?!s)/);
    await addFeed(options, '/clean.ics');
    const clean = options.locator('li.feed', { hasText: 'Clean calendar' });
    await clean.waitFor({ timeout: 15_000 });

    switched = true;
    await options.getByRole('button', { name: 'Refresh all feeds' }).click();
    await switching.locator('.feed-error').filter({ hasText: WORDS }).waitFor({ timeout: 30_000 });
    expect(await switching.locator('.feed-error').textContent()).toMatch(/^Last error: This calendar asks/);
    expect(await switching.textContent()).toMatch(/\b1 event(?!s)/);
    expect(await clean.locator('.feed-error').count()).toBe(0);
  });

  it('leaves the worker answering the popup, which shows both calendars’ events', async () => {
    const popup = await openExtensionPage(env.harness, 'popup.html');
    await popup.waitForFunction(() =>
      /could not be updated/.test(document.querySelector('.sync-line')?.textContent ?? ''),
    );
    await popup.getByRole('tab', { name: 'Schedule' }).click();
    // Positive control: the clean calendar's event; and the hostile one's last good event, kept.
    // (Past days are folded away, so the titles are in the schedule but not all on screen.)
    for (const title of ['Clean gala at the Gladstone', 'Switch gala at the Drake'])
      await popup.locator('.ap-event-title', { hasText: title }).first().waitFor({ state: 'attached' });
    await popup.close();
  });

  it('leaves the worker answering the options page, after another sync of the hostile feed', async () => {
    await options.getByRole('button', { name: 'Refresh all feeds' }).click();
    await options.waitForFunction(() => !document.querySelector('.feeds-panel button[disabled]'));
    await options.reload();
    const switching = options.locator('li.feed', { hasText: 'Switching calendar' });
    await switching.locator('.feed-error').filter({ hasText: WORDS }).waitFor();
    await options.locator('li.feed', { hasText: 'Clean calendar' }).waitFor();
    await options.close();
  });
});
