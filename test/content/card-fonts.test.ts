import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmCardFonts } from '../../src/content/card-fonts.ts';
import { CARD_FONT_FAMILY, CARD_FONTS, CARD_STYLE } from '../../src/ui/card/card-style.ts';
import { EVENT_STYLE } from '../../src/ui/shared/event-style.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the card’s fonts, found before the first card', () => {
  it('measures text in every font the card sets, on a canvas of its own', () => {
    const measured: string[] = [];
    class FakeCanvas {
      getContext() {
        const context = { font: '', measureText: (text: string) => (measured.push(`${context.font}|${text}`), {}) };
        return context;
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    warmCardFonts('Fugitive Pieces');
    expect(measured.map((m) => m.split('|')[0])).toEqual(CARD_FONTS);
    expect(measured.every((m) => m.includes('Fugitive Pieces'))).toBe(true);
  });

  it('covers the family and every weight and size the card’s styles set', () => {
    expect(CARD_STYLE).toContain(`font: 13px/1.4 ${CARD_FONT_FAMILY}`);
    const styles = `${CARD_STYLE}\n${EVENT_STYLE}`;
    const sizes = new Set([...styles.matchAll(/font-size:\s*(\d+)px/gu)].map((m) => `${m[1]}px`));
    const weights = new Set([...styles.matchAll(/font-weight:\s*(\d+)/gu)].map((m) => m[1]));
    expect(sizes.size).toBeGreaterThan(2); // positive control: the styles do set sizes
    for (const size of sizes)
      expect(CARD_FONTS.some((f) => f.includes(` ${size} `) || f.startsWith(`${size} `))).toBe(true);
    for (const weight of weights) expect(CARD_FONTS.some((f) => f.startsWith(`${weight} `))).toBe(true);
  });

  it('does nothing where the browser has no offscreen canvas', () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    expect(() => warmCardFonts('Juno')).not.toThrow();
  });
});
