// Own events made before they were saved as Going on creation (rows with no saved row) are in the
// plan as Going, for every reader of it: the plan, the card, clashes, reminders and export; taking
// one out is a choice that stays through an edit, an invitation update and a backup.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { calendarFor } from '../../src/background/calendar-export.ts';
import { planFlags, plannedReminders } from '../../src/core/plan/index.ts';
import { makeBackup, restoreBackup } from '../../src/db/backup.ts';
import { readPlan, readReminderInputs, savedStatus, setReminder, setSaved } from '../../src/db/plan.ts';
import { addUserEvent, applyInvitation, updateUserEvent } from '../../src/db/user-events.ts';
import { freshDb } from './fake-db.ts';
import { userEventInput } from './user-event-input.ts';
import { userEventRow } from './user-event-row.ts';

const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A database holding two own events as an older release left them: no saved rows. */
async function withOldOwnEvents() {
  const db = freshDb();
  await loadDefaultFeed(db);
  await db.userEvents.bulkPut([
    userEventRow('old1', [], { title: 'Old supper', start: future(48), end: future(50) }),
    userEventRow('old2', [], { title: 'Old drinks', start: future(49), end: future(51) }),
  ]);
  expect(await db.saved.count()).toBe(0);
  return db;
}

describe('own events made before the Going rule', () => {
  it('are Going in the plan, the card, clashes, reminders and export', async () => {
    const db = await withOldOwnEvents();
    const plan = await readPlan(db);
    expect(plan.saved.map((s) => [s.eventKey, s.status])).toEqual([
      ['user/old1', 'going'],
      ['user/old2', 'going'],
    ]);
    expect(plan.events.map((e) => e.title).sort()).toEqual(['Old drinks', 'Old supper']);
    expect(await savedStatus(db, ['user/old1', 'user/old2'])).toEqual({ 'user/old1': 'going', 'user/old2': 'going' });
    // They overlap: one clash each, as the Saved view counts them.
    const status = new Map(plan.saved.map((s) => [s.eventKey, s.status]));
    const flags = planFlags(plan.events, (key) => status.get(key) ?? null, 'transit');
    expect([...flags.clashes.keys()].sort()).toEqual(['user/old1', 'user/old2']);
    // Reminders read them, and "Remind me" works on one without a saved row.
    expect((await readReminderInputs(db)).events.map((e) => e.key).sort()).toEqual(['user/old1', 'user/old2']);
    await setReminder(db, 'user/old1', true);
    const inputs = await readReminderInputs(db);
    expect(inputs.remind).toEqual(['user/old1']);
    expect(plannedReminders(inputs.events, new Set(inputs.remind), inputs.lead, inputs.mode)).toHaveLength(1);
    expect((await db.saved.get('user/old1'))?.status).toBe('going');
    // The plan's export ("Going only") takes the plan's going keys.
    const going = (await readPlan(db)).saved.filter((s) => s.status === 'going').map((s) => s.eventKey);
    const calendar = await calendarFor(db, going, 'Plan');
    expect(calendar.ics).toContain('SUMMARY:Old supper');
    expect(calendar.ics).toContain('SUMMARY:Old drinks');
    expect(calendar.ics).toMatch(/BEGIN:VALARM/);
  });

  it('leave the plan when taken out, and stay out through an edit and a backup', async () => {
    const db = await withOldOwnEvents();
    await setSaved(db, 'user/old1', null);
    expect((await readPlan(db)).saved.map((s) => s.eventKey)).toEqual(['user/old2']);
    expect(await savedStatus(db, ['user/old1'])).toEqual({});
    await expect(setReminder(db, 'user/old1', true)).rejects.toThrow(/Save the event first/);
    await updateUserEvent(db, 'user/old1', userEventInput([], { title: 'Old supper, later', start: future(60) }));
    expect((await readPlan(db)).saved.map((s) => s.eventKey)).toEqual(['user/old2']);
    // Through a backup and a restore.
    const restored = freshDb();
    await loadDefaultFeed(restored);
    await restoreBackup(restored, JSON.parse(JSON.stringify(await makeBackup(db))));
    expect((await readPlan(restored)).saved.map((s) => s.eventKey)).toEqual(['user/old2']);
    // Saved again, it is back; Interested is kept as the user chose.
    await setSaved(db, 'user/old1', 'interested');
    expect(await savedStatus(db, ['user/old1'])).toEqual({ 'user/old1': 'interested' });
    expect((await db.userEvents.get('user/old1'))?.outOfPlan).toBeUndefined();
    await setSaved(db, 'user/old1', null);
    await setSaved(db, 'user/old1', 'going');
    expect(await savedStatus(db, ['user/old1'])).toEqual({ 'user/old1': 'going' });
  });

  it('a new own event and an imported invitation taken out stay out after an invitation update', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const made = await addUserEvent(db, userEventInput([]), { newId: () => 'new1' });
    await setSaved(db, made.key, null);
    expect((await readPlan(db)).saved).toEqual([]);
    const invitation = { uid: 'inv-2@example.com', series: 'inv-2@example.com', sequence: 0, organizer: null };
    const change = (sequence: number) => ({
      method: 'REQUEST' as const,
      event: { ...userEventInput([], { title: 'Dinner' }), invitation: { ...invitation, sequence } },
    });
    await applyInvitation(db, [change(0)], { newId: () => 'inv2' });
    expect((await readPlan(db)).saved.map((s) => s.eventKey)).toEqual(['user/inv2']);
    await setSaved(db, 'user/inv2', null);
    await applyInvitation(db, [change(1)]);
    expect((await readPlan(db)).saved).toEqual([]);
  });
});
