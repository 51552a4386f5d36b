// An emailed invitation whose SUMMARY is the email's subject (#29.8), in real Chromium: the
// review and the saved event take the event's own title from it, and show the whole LOCATION.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';

const SUBJECT = 'Invitation: Dinner for Happy-Go-Lucky @ Sat Sep 6\\, 2008 8pm - 11pm (EDT) (ana@example.com)';
const ICS = readFileSync(new URL('../fixtures/invitations/request.ics', import.meta.url), 'utf8').replace(
  'SUMMARY:Dinner for Happy-Go-Lucky',
  `SUMMARY:${SUBJECT}`,
);

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('an invitation titled by its email subject', () => {
  it('is reviewed and saved under the event title, with its place in full', async () => {
    expect(ICS).toContain(SUBJECT);
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await page.getByRole('tab', { name: /^Saved/ }).click();
    const section = page.locator('section.import-invitation');
    await section
      .locator('input[type=file]')
      .setInputFiles({ name: 'invite.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) });
    const review = section.getByRole('group', { name: 'Events in the invitation' });
    await review.waitFor();
    expect(await review.locator('.ap-event-title').textContent()).toBe('Dinner for Happy-Go-Lucky');
    expect(await review.locator('.invitation-place').textContent()).toBe('Josos, 202 Davenport Rd');
    expect(await review.textContent()).not.toContain('ana@example.com');
    await review.getByRole('button', { name: 'Save to my events' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved:' }).waitFor();
    const reply = (await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getUserEvents', params: {} }))) as {
      result: { events: Array<{ title: string; venue: { name: string; address: string | null } | null }> };
    };
    expect(reply.result.events.map((e) => [e.title, e.venue])).toEqual([
      ['Dinner for Happy-Go-Lucky', expect.objectContaining({ name: 'Josos', address: '202 Davenport Rd' })],
    ]);
    await page.close();
  });
});
