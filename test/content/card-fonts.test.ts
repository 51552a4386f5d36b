import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_FONT_FAMILY, CARD_FONTS, CARD_STYLE } from '../../src/ui/card/card-style.ts';
import { EVENT_STYLE } from '../../src/ui/shared/event-style.ts';

// A page's content script starts with nothing warmed: each test has a fresh module.
let warmCardFonts: (sample: string) => void;
beforeEach(async () => {
  vi.resetModules();
  ({ warmCardFonts } = await import('../../src/content/card-fonts.ts'));
});
afterEach(() => vi.unstubAllGlobals());

/** An OffscreenCanvas whose 2D context records each measurement as "font|text". */
function recordingCanvas(measured: string[]) {
  return class FakeCanvas {
    getContext() {
      const context = { font: '', measureText: (text: string) => (measured.push(`${context.font}|${text}`), {}) };
      return context;
    }
  };
}

describe('the card’s fonts, found before the first card', () => {
  it('measures text in every font the card sets, on a canvas of its own', () => {
    const measured: string[] = [];
    vi.stubGlobal('OffscreenCanvas', recordingCanvas(measured));
    warmCardFonts('Fugitive Pieces');
    expect(measured.map((m) => m.split('|')[0])).toEqual(CARD_FONTS);
    expect(measured.every((m) => m.includes('Fugitive Pieces'))).toBe(true);
  });

  // The idle warm-up after the first scan and every hover's prepare both ask (hover-card.ts).
  it('finds them once a page: a second call measures nothing', () => {
    const measured: string[] = [];
    vi.stubGlobal('OffscreenCanvas', recordingCanvas(measured));
    warmCardFonts('Fugitive Pieces');
    expect(measured).toHaveLength(CARD_FONTS.length); // the first call did measure
    warmCardFonts('Juno');
    warmCardFonts('Fugitive Pieces');
    expect(measured).toHaveLength(CARD_FONTS.length);
    expect(measured.some((m) => m.includes('Juno'))).toBe(false);
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
