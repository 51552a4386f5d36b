// What the user brings (own events, imported invitations) is in the plan as Going, and the plan
// places an own event's venue where a feed places a venue of that name.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { addUserEvent, applyInvitation } from '../../src/db/user-events.ts';
import { readPlan, setSaved } from '../../src/db/plan.ts';
import { freshDb } from './fake-db.ts';
import { userEventInput } from './user-event-input.ts';

async function loaded() {
  const db = freshDb();
  await loadDefaultFeed(db);
  return db;
}

describe('the plan includes what the user brought', () => {
  it('saves an own event as Going, and the user may still take it out', async () => {
    const db = await loaded();
    const event = await addUserEvent(db, userEventInput([]), { newId: () => 'own1' });
    const plan = await readPlan(db);
    expect(plan.saved).toEqual([expect.objectContaining({ eventKey: event.key, status: 'going' })]);
    expect(plan.events.map((e) => e.key)).toEqual([event.key]);
    await setSaved(db, event.key, null);
    expect((await readPlan(db)).events).toEqual([]);
  });

  it('saves a newly imported invitation as Going, and an update leaves the status the user chose', async () => {
    const db = await loaded();
    const invitation = { uid: 'inv-1@example.com', series: 'inv-1@example.com', sequence: 0, organizer: null };
    const change = (sequence: number) => ({
      method: 'REQUEST' as const,
      event: { ...userEventInput([], { title: 'Dinner' }), invitation: { ...invitation, sequence } },
    });
    const [added] = await applyInvitation(db, [change(0)], { newId: () => 'inv1' });
    expect(added!.outcome).toBe('added');
    expect((await db.saved.get('user/inv1'))?.status).toBe('going');
    await setSaved(db, 'user/inv1', 'interested');
    const [updated] = await applyInvitation(db, [change(1)]);
    expect(updated!.outcome).toBe('updated');
    expect((await db.saved.get('user/inv1'))?.status).toBe('interested');
  });

  it("gives an own event at a venue a feed places the feed's position", async () => {
    const db = await loaded();
    await addUserEvent(db, userEventInput([], { venue: { name: 'casa loma', address: null } }), { newId: () => 'v1' });
    await addUserEvent(db, userEventInput([], { venue: { name: 'Somewhere unlisted', address: null } }), {
      newId: () => 'v2',
    });
    const plan = await readPlan(db);
    const byKey = new Map(plan.events.map((e) => [e.key, e]));
    expect(byKey.get('user/v1')?.venue?.geo).toEqual({ lat: 43.678, lon: -79.4094 });
    expect(byKey.get('user/v2')?.venue?.geo ?? null).toBeNull();
    // The stored row is not rewritten: the position is lent when the plan is read.
    expect((await db.userEvents.get('user/v1'))?.venue?.geo ?? null).toBeNull();
  });
});
