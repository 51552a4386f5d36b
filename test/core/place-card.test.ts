import { describe, expect, it } from 'vitest';
import { placeCard } from '../../src/core/place-card.ts';

const viewport = { width: 1000, height: 800 };
const card = { width: 380, height: 300 };

describe('placeCard', () => {
  it('goes below the title when it fits', () => {
    expect(placeCard({ left: 100, top: 100, right: 200, bottom: 120 }, card, viewport)).toEqual({
      left: 100,
      top: 126,
      side: 'below',
    });
  });

  it('flips above near the bottom edge, never covering the title', () => {
    const anchor = { left: 100, top: 700, right: 200, bottom: 720 };
    const placed = placeCard(anchor, card, viewport);
    expect(placed.side).toBe('above');
    expect(placed.top + card.height).toBeLessThanOrEqual(anchor.top);
  });

  it('shifts left to stay inside the viewport', () => {
    const placed = placeCard({ left: 900, top: 100, right: 980, bottom: 120 }, card, viewport);
    expect(placed.left + card.width).toBeLessThanOrEqual(viewport.width - 8);
  });

  it('keeps a margin on the left', () => {
    expect(placeCard({ left: -50, top: 100, right: 10, bottom: 120 }, card, viewport).left).toBe(8);
  });
});
