// #26.8: an invitation changes only what its organiser sent. A CANCEL matches a stored event's
// UID or its series exactly, never a UID that merely starts the same way; only the same
// ORGANIZER updates or cancels; a SEQUENCE above the cap is refused; the review names every
// stored event that saving would change.
import { describe, expect, it } from 'vitest';
import { INVITATION_SEQUENCE_MAX } from '../../src/core/ical/index.ts';
import { readUserEventRow } from '../../src/db/read-user-rows.ts';
import { setup } from './invitation-setup.ts';

const ALICE = 'mailto:alice@films.example';
const MALLORY = 'mailto:mallory@evil.example';

function ics(
  method: string,
  uid: string,
  { sequence = 0, organizer = ALICE as string | null, rule = '', day = '20260912' } = {},
): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    'DTSTAMP:20260901T120000Z',
    `DTSTART:${day}T200000Z`,
    `SUMMARY:${method === 'CANCEL' ? 'Cancelled' : 'Party'} ${uid}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    ...(organizer ? [`ORGANIZER;CN=Someone:${organizer.toUpperCase()}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}

describe('an invitation changes only what its organiser sent', () => {
  it('cancels the exact UID or series, never every UID that starts the same way', async () => {
    const { importText, own } = setup();
    await importText(ics('REQUEST', 'https://films.example/party'));
    await importText(ics('REQUEST', 'https:/weekly', { rule: 'FREQ=WEEKLY;COUNT=2' }));
    const attack = await importText(ics('CANCEL', 'https:'));
    expect(attack.preview.items.map((i) => [i.outcome, i.changes])).toEqual([['unknown', []]]);
    expect((await own()).filter((e) => e.cancelled)).toEqual([]);
    // Positive controls: the exact UID cancels its event, and a CANCEL of the series every occurrence.
    const one = await importText(ics('CANCEL', 'https://films.example/party', { sequence: 1 }));
    expect(one.results.map((r) => r.outcome)).toEqual(['cancelled']);
    const series = await importText(ics('CANCEL', 'https:/weekly', { sequence: 1, day: '20261212' }));
    expect(series.results.map((r) => r.outcome)).toEqual(['cancelled']);
    expect((await own()).filter((e) => e.cancelled)).toHaveLength(3);
  });

  it('lets only the same organiser update or cancel, whoever knows the UID', async () => {
    const { importText, own } = setup();
    await importText(ics('REQUEST', 'party-1'));
    const rewrite = await importText(ics('REQUEST', 'party-1', { sequence: 5, organizer: MALLORY }));
    expect(rewrite.preview.items.map((i) => i.outcome)).toEqual(['foreign']);
    const unsigned = await importText(ics('CANCEL', 'party-1', { sequence: 5, organizer: null }));
    expect(unsigned.results.map((r) => r.outcome)).toEqual(['foreign']);
    expect(await own()).toEqual([
      expect.objectContaining({ cancelled: false, invitation: expect.objectContaining({ sequence: 0 }) }),
    ]);
    // Positive control: the organiser's own update (address case aside) applies.
    const update = await importText(ics('REQUEST', 'party-1', { sequence: 1, organizer: ALICE.toUpperCase() }));
    expect(update.results.map((r) => r.outcome)).toEqual(['updated']);
    expect((await own())[0]?.invitation).toMatchObject({ sequence: 1, organizer: ALICE });
  });

  it('lets an event imported without an organiser be changed only by a file without one', async () => {
    const { importText } = setup();
    await importText(ics('REQUEST', 'party-2', { organizer: null }));
    const signed = await importText(ics('REQUEST', 'party-2', { sequence: 1 }));
    expect(signed.results.map((r) => r.outcome)).toEqual(['foreign']);
    const unsigned = await importText(ics('REQUEST', 'party-2', { sequence: 1, organizer: null }));
    expect(unsigned.results.map((r) => r.outcome)).toEqual(['updated']);
  });

  it('refuses a SEQUENCE over the cap, so no file can lock the organiser out', async () => {
    const { call, importText, own } = setup();
    const locked = await call('previewInvitation', { text: ics('REQUEST', 'party-3', { sequence: 2 ** 53 - 1 }) });
    expect(locked.items).toEqual([]);
    expect(locked.problems.join('\n')).toContain(`SEQUENCE is over ${INVITATION_SEQUENCE_MAX}`);
    const event = { ...(await importText(ics('REQUEST', 'party-4'))).preview.items[0]!.event };
    await expect(
      call('importInvitation', {
        method: 'REQUEST',
        events: [{ ...event, invitation: { ...event.invitation, sequence: INVITATION_SEQUENCE_MAX + 1 } }],
      }),
    ).rejects.toThrow(/sequence/);
    // Positive control: the cap itself is taken.
    const top = await importText(ics('REQUEST', 'party-3', { sequence: INVITATION_SEQUENCE_MAX }));
    expect(top.results.map((r) => r.outcome)).toEqual(['added']);
    expect(await own()).toHaveLength(2);
  });

  it('names in the review every stored event saving would change', async () => {
    const { importText, own } = setup();
    await importText(ics('REQUEST', 'weekly-2', { rule: 'FREQ=DAILY;COUNT=2' }));
    const stored = (await own()).map((e) => e.key).sort();
    expect(stored).toHaveLength(2);
    const cancel = await importText(ics('CANCEL', 'weekly-2', { sequence: 1, day: '20261212' }));
    expect(cancel.preview.items).toHaveLength(1);
    expect(cancel.preview.items[0]?.changes.map((c) => c.key).sort()).toEqual(stored);
    expect(cancel.preview.items[0]?.changes[0]).toMatchObject({ title: 'Party weekly-2' });
    // Positive control of the empty list: an event new to the store changes none of them.
    const fresh = await importText(ics('REQUEST', 'weekly-3'));
    expect(fresh.preview.items.map((i) => [i.outcome, i.changes])).toEqual([['added', []]]);
  });
});

describe('the series and organiser of an imported event', () => {
  const row = {
    id: 'abc',
    kind: 'party',
    title: 'Party',
    start: '2026-09-12T20:00:00Z',
    end: null,
    createdAt: '2026-09-01T00:00:00.000Z',
    updatedAt: '2026-09-01T00:00:00.000Z',
    invitation: { uid: 'w/2026-09-12T2000', series: 'w', sequence: 2, organizer: ALICE },
  };

  it('are kept by the backup and device-sync reader', () => {
    const read = readUserEventRow(row);
    if (typeof read === 'string') throw new Error(read);
    expect(read.invitation).toEqual(row.invitation);
  });

  it('bring an event stored with a SEQUENCE over the cap back at the cap, not the whole file down', () => {
    const read = readUserEventRow({ ...row, invitation: { ...row.invitation, sequence: 2 ** 53 - 1 } });
    if (typeof read === 'string') throw new Error(read);
    expect(read.invitation?.sequence).toBe(INVITATION_SEQUENCE_MAX);
  });
});

describe('a large invitation', () => {
  it('is reviewed up to what one import saves, with the rest counted (#26.12)', async () => {
    const { call } = setup();
    const events = (n: number) =>
      ics('REQUEST', 'big-0').replace(
        /BEGIN:VEVENT[\s\S]*END:VEVENT/,
        Array.from({ length: n }, (_, i) => ics('REQUEST', `big-${i}`).match(/BEGIN:VEVENT[\s\S]*END:VEVENT/)![0]).join(
          '\r\n',
        ),
      );
    const big = await call('previewInvitation', { text: events(520) });
    expect(big.items).toHaveLength(500);
    expect(big.notShown).toBe(20);
    // Positive control: a file within the limit is shown whole.
    const small = await call('previewInvitation', { text: events(3) });
    expect([small.items.length, small.notShown]).toEqual([3, 0]);
  });
});
