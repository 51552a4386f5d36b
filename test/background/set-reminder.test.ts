// "Remind me" through the messages: stored on the saved event, kept across going ↔ interested,
// answered with when it will notify or why not, and confined for content scripts like setSaved.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { patchSettings } from '../../src/db/index.ts';
import { setSaved } from '../../src/db/plan.ts';
import { freshDb } from '../db/fake-db.ts';
import { userEventRow } from '../db/user-event-row.ts';
import { withTitles } from './with-titles.ts';

const fromContent = { extensionPage: false, pageUrl: 'https://evil.example/' };
const fromPage = { extensionPage: true };

async function setup({ allowed = true, now = Date.parse('2007-09-01T12:00:00Z') } = {}) {
  const db = freshDb();
  await loadDefaultFeed(db);
  const events = await db.events.toArray();
  // The built-in listings give dates alone for events of films (their articles give no time):
  // the timed one is the user's own, tied to a listed film.
  const dateOnly = events.find((e) => e.filmKeys.length > 0 && e.start !== null && !e.start.includes('T'))!;
  const filmless = events.find((e) => e.filmKeys.length === 0)!;
  const timed = userEventRow('drinks', dateOnly.filmKeys, { title: 'Drinks', start: '2007-09-08T23:00:00-04:00' });
  await db.userEvents.put(timed);
  for (const e of [timed, dateOnly, filmless]) await setSaved(db, e.key, 'going');
  const handlers = createHandlers(
    withTitles({
      db,
      ready: async () => undefined,
      notificationsAllowed: async () => allowed,
      clock: () => now,
    }),
  );
  return { db, handlers, timed, dateOnly, filmless };
}

describe('setReminder', () => {
  it('turns a reminder on for a timed saved event: 30 minutes before by default', async () => {
    const { db, handlers, timed } = await setup();
    const reply = await route(
      handlers,
      { type: 'setReminder', params: { eventKey: timed.key, remind: true } },
      fromContent,
    );
    expect(reply).toEqual({
      result: {
        reminder: {
          on: true,
          at: Date.parse(timed.start!) - 30 * 60_000,
          minutesBefore: 30,
          leaveBy: false,
          blocked: null,
        },
      },
    });
    expect((await db.saved.get(timed.key))?.remind).toBe(true);
    // Going → interested keeps it; unsaving removes it with the row.
    await setSaved(db, timed.key, 'interested');
    expect((await db.saved.get(timed.key))?.remind).toBe(true);
    const { reminders } = await handlers.getPlan({});
    expect(reminders[timed.key]?.on).toBe(true);
    await route(handlers, { type: 'setReminder', params: { eventKey: timed.key, remind: false } }, fromContent);
    expect(await db.saved.get(timed.key)).not.toHaveProperty('remind');
  });

  it('says why a reminder will not notify: no time, lead off, no permission, over', async () => {
    const { db, handlers, timed, dateOnly } = await setup({ allowed: false });
    const set = async (eventKey: string) =>
      route(handlers, { type: 'setReminder', params: { eventKey, remind: true } }, fromPage);
    expect(await set(dateOnly.key)).toMatchObject({ result: { reminder: { on: true, blocked: 'noTime', at: null } } });
    expect(await set(timed.key)).toMatchObject({ result: { reminder: { on: true, blocked: 'noPermission' } } });
    await patchSettings(db, { reminderLead: 'off' });
    expect(await set(timed.key)).toMatchObject({ result: { reminder: { on: true, blocked: 'leadOff' } } });
    const late = await setup({ now: Date.parse('2030-01-01T00:00:00Z') });
    expect(
      await route(late.handlers, { type: 'setReminder', params: { eventKey: late.timed.key, remind: true } }, fromPage),
    ).toMatchObject({ result: { reminder: { on: true, blocked: 'over', at: null } } });
  });

  it('refuses an event that is not saved, and from a page an event of no listed film', async () => {
    const { db, handlers, timed, filmless } = await setup();
    await setSaved(db, timed.key, null);
    expect(
      await route(handlers, { type: 'setReminder', params: { eventKey: timed.key, remind: true } }, fromPage),
    ).toEqual({ error: expect.stringMatching(/Save the event first/) });
    expect(
      await route(handlers, { type: 'setReminder', params: { eventKey: filmless.key, remind: true } }, fromContent),
    ).toEqual({ error: expect.stringMatching(/films it lists/) });
    expect((await db.saved.get(filmless.key))?.remind).toBeUndefined();
    // Positive control: our own pages may set it on that event.
    expect(
      await route(handlers, { type: 'setReminder', params: { eventKey: filmless.key, remind: true } }, fromPage),
    ).toMatchObject({ result: { reminder: { on: true } } });
    expect((await db.saved.get(filmless.key))?.remind).toBe(true);
  });

  it('puts the reminder in the exported .ics as a VALARM, and only once it is on', async () => {
    const { handlers, timed } = await setup();
    const exported = async () => (await handlers.exportCalendar({ eventKeys: [timed.key], name: 'plan' })).ics;
    expect(await exported()).toContain('SUMMARY:Drinks');
    expect(await exported()).not.toContain('BEGIN:VALARM');
    await handlers.setReminder({ eventKey: timed.key, remind: true });
    expect(await exported()).toContain('BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT30M\r\n');
  });

  it('is validated strictly', async () => {
    const { handlers, timed } = await setup();
    for (const params of [
      { eventKey: timed.key },
      { eventKey: timed.key, remind: 'yes' },
      { eventKey: 'nokey', remind: true },
      { eventKey: timed.key, remind: true, extra: 1 },
    ]) {
      expect(await route(handlers, { type: 'setReminder', params }, fromPage)).toEqual({ error: expect.any(String) });
    }
  });
});
