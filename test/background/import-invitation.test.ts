// previewInvitation and importInvitation through the router, on the default feed: an invitation
// becomes one of the user's events tied to its film, a newer version updates it, a CANCEL marks
// it cancelled and keeps it, and a CANCEL of an event the user does not have adds nothing.
import { describe, expect, it } from 'vitest';
import { FILM, fixture, setup } from './invitation-setup.ts';

describe('importing an invitation', () => {
  it('shows the event for review, tied to its film, then saves it where the schedule and the card read', async () => {
    const { call, importFile, own } = setup();
    const { preview, results } = await importFile('request.ics');
    expect(preview.method).toBe('REQUEST');
    expect(preview.items).toEqual([
      expect.objectContaining({
        outcome: 'added',
        filmTitles: ['Happy-Go-Lucky'],
        event: expect.objectContaining({
          title: 'Dinner for Happy-Go-Lucky',
          films: [FILM],
          // It falls during TIFF 2008 in the calendar's zone: shown and filtered with that festival.
          festival: 'default/tiff-2008',
          timeZone: 'America/Toronto',
          // The series and the organiser are kept so that only the organiser changes it later (#26.8).
          invitation: {
            uid: 'happy-go-lucky-dinner-2008@alliance.example',
            series: 'happy-go-lucky-dinner-2008@alliance.example',
            sequence: 0,
            organizer: 'mailto:press@alliance.example',
          },
        }),
      }),
    ]);
    expect(results).toEqual([
      { uid: 'happy-go-lucky-dinner-2008@alliance.example', outcome: 'added', key: expect.stringMatching(/^user\//) },
    ]);
    const key = results[0]?.key;
    expect((await call('getSchedule', {})).events.map((e) => e.key)).toContain(key);
    const { listings } = await call('getListings', { filmKeys: [FILM] });
    expect(listings[0]?.events.map((e) => e.key)).toContain(key);
    expect(await own()).toHaveLength(1);
  });

  it('changes nothing when the same file is opened twice', async () => {
    const { importFile, own } = setup();
    await importFile('request.ics');
    const again = await importFile('request.ics');
    expect(again.preview.items.map((i) => i.outcome)).toEqual(['unchanged']);
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged']);
    expect(await own()).toHaveLength(1);
  });

  it('updates the event from a REQUEST with a higher SEQUENCE, keeping its key and its place in the plan', async () => {
    const { call, importFile, own } = setup();
    const first = await importFile('request.ics');
    const key = first.results[0]?.key as string;
    await call('setSaved', { eventKey: key, status: 'going' });
    const moved = await importFile('request-moved.ics');
    expect(moved.preview.items.map((i) => i.outcome)).toEqual(['updated']);
    expect(moved.results).toEqual([expect.objectContaining({ outcome: 'updated', key })]);
    const [event] = await own();
    expect(event).toMatchObject({ key, start: '2008-09-06T21:00:00-04:00', invitation: { sequence: 1 } });
    expect((await call('getPlan', {})).saved).toEqual([expect.objectContaining({ eventKey: key, status: 'going' })]);
    // An older version after it changes nothing.
    expect((await importFile('request.ics')).results.map((r) => r.outcome)).toEqual(['unchanged']);
    expect((await own())[0]?.start).toBe('2008-09-06T21:00:00-04:00');
  });

  it('marks the event cancelled on a CANCEL, and keeps it with its title and films', async () => {
    const { importFile, own } = setup();
    const { results } = await importFile('request.ics');
    const cancel = await importFile('cancel.ics');
    expect(cancel.preview.items.map((i) => i.outcome)).toEqual(['cancelled']);
    expect(cancel.results).toEqual([expect.objectContaining({ outcome: 'cancelled', key: results[0]?.key })]);
    expect(await own()).toEqual([
      expect.objectContaining({
        key: results[0]?.key,
        cancelled: true,
        title: 'Dinner for Happy-Go-Lucky',
        films: [FILM],
      }),
    ]);
  });

  it('reports a CANCEL of an event the user does not have, and invents nothing', async () => {
    const { importFile, own } = setup();
    const cancel = await importFile('cancel.ics');
    expect(cancel.preview.items.map((i) => i.outcome)).toEqual(['unknown']);
    expect(cancel.results).toEqual([
      { uid: 'happy-go-lucky-dinner-2008@alliance.example', outcome: 'unknown', key: null },
    ]);
    expect(await own()).toEqual([]);
    // Positive control: the same store does take an event, so the empty list above is the CANCEL's doing.
    await importFile('request.ics');
    expect(await own()).toHaveLength(1);
  });

  it('joins no festival when none runs on its day', async () => {
    const { call } = setup();
    const text = fixture('request.ics').replaceAll('20080906T', '20260912T');
    const preview = await call('previewInvitation', { text });
    expect(preview.items[0]?.event).toMatchObject({ start: '2026-09-12T20:00:00-04:00', festival: null });
  });

  it('refuses a file that is not a calendar, and an import without UIDs', async () => {
    const { call } = setup();
    await expect(call('previewInvitation', { text: 'Dear guest, you are invited.' })).rejects.toThrow();
    await expect(call('importInvitation', { method: 'REQUEST', events: [{ title: 'x' } as never] })).rejects.toThrow(
      /invitation/,
    );
  });
});
