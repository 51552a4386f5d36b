// Records a release does not write (any setting name, any feed address another device or a
// page could store) come first in the layout: each kind gets only its share (issue 26.7).
import { describe, expect, it } from 'vitest';
import { KIND_SHARE_BYTES, planItems, SYNC_LIMITS, type Version } from '../../../src/core/device-sync/index.ts';

const T0 = Date.UTC(2026, 8, 1);

describe('device sync kind shares', () => {
  it('keeps junk settings and feed addresses to their share, so the plan still syncs', () => {
    const merged = new Map<string, Version>();
    for (let i = 0; i < 60; i++) merged.set(`s:junk${String(i).padStart(3, '0')}`, { t: T0, v: 'x'.repeat(1_500) });
    for (let i = 0; i < 60; i++) merged.set(`f:https://junk.example/${'y'.repeat(1_400)}${i}`, { t: T0, v: 1 });
    merged.set('s:hoverDelay', { t: T0, v: 500 });
    for (let i = 0; i < 300; i++) merged.set(`v:default/event-${i}`, { t: T0 + i, v: 'g' });
    const { items, stayedLocal } = planItems(merged, SYNC_LIMITS);
    const stored = Object.values(items).flatMap((item) => Object.keys(item));
    // The whole plan is there, and the real setting (ids sort 'hoverDelay' before 'junk').
    expect(stored.filter((id) => id.startsWith('v:'))).toHaveLength(300);
    expect(stored).toContain('s:hoverDelay');
    expect(stayedLocal.every((s) => s.reason === 'share')).toBe(true);
    expect(stayedLocal.filter((s) => s.kind === 'setting').length).toBeGreaterThan(55);
    expect(stayedLocal.filter((s) => s.kind === 'feed').length).toBeGreaterThan(50);
    // Positive control: within their share, settings and feed addresses are stored.
    expect(stored.filter((id) => id.startsWith('s:junk')).length).toBeGreaterThan(0);
    expect(stored.filter((id) => id.startsWith('f:')).length).toBeGreaterThan(0);
    expect(KIND_SHARE_BYTES.setting).toBeLessThan(SYNC_LIMITS.quotaBytes / 20);
  });
});
