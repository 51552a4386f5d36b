import { describe, expect, it } from 'vitest';
import { describeEvent, exportIcs } from '../../../src/core/ical/index.ts';
import { plainEvent } from './plain-event.ts';

describe('describeEvent', () => {
  it('says an access level in words, never the feed value', () => {
    const text = describeEvent({ event: plainEvent('a', { access: 'invite', host: 'Studio' }), timeZone: 'UTC' });
    expect(text).toBe('Host: Studio\nInvitation only');
    expect(text).not.toMatch(/Access: invite/);
  });

  it('leaves an unstated access out and takes the words it is given', () => {
    const item = { event: plainEvent('b', { access: 'unknown', host: 'Studio' }), timeZone: 'UTC' };
    expect(describeEvent(item)).toBe('Host: Studio');
    const words = {
      host: (n: string) => `Organisé par : ${n}`,
      access: () => 'Sur invitation',
      source: (n: string) => n,
    };
    expect(describeEvent(item, words)).toBe('Organisé par : Studio\nSur invitation');
    const { ics } = exportIcs([item], Date.UTC(2026, 0, 1), words);
    expect(ics).toContain('DESCRIPTION:Organisé par : Studio\\nSur invitation');
  });
});
