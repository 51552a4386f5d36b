import { describe, expect, it } from 'vitest';
import { invitationTitle } from '../../../src/core/ical/invitation-title.ts';

describe('invitationTitle', () => {
  it('takes off what an email subject adds to the event title', () => {
    expect(
      invitationTitle('Invitation: Dinner for The Brutalist @ Thu Sep 10, 2026 7pm - 9pm (EDT) (ana@example.com)'),
    ).toBe('Dinner for The Brutalist');
    expect(invitationTitle('Updated invitation: Cast dinner @ Fri Sep 11, 2026 (ana@example.com)')).toBe('Cast dinner');
    expect(invitationTitle('FW: Fwd: Press reception')).toBe('Press reception');
    expect(invitationTitle('Invitation mise à jour : Dîner de clôture')).toBe('Dîner de clôture');
    expect(invitationTitle('Canceled event: Brunch')).toBe('Brunch');
  });

  it('keeps a title that only looks like one (a party at a place, an invitation-only party)', () => {
    expect(invitationTitle('Party @ The Drake')).toBe('Party @ The Drake');
    expect(invitationTitle('Invitation-only party')).toBe('Invitation-only party');
    expect(invitationTitle('Dinner for Anora')).toBe('Dinner for Anora');
    expect(invitationTitle('Invitation:')).toBe('Invitation:');
  });
});
