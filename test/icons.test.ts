import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const iconsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'icons');
const SIZES = [16, 32, 48, 96, 128];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('extension icons', () => {
  it('has the SVG source', () => {
    const svg = readFileSync(join(iconsDir, 'icon.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toMatch(/viewBox="0 0 128 128"/);
  });

  for (const size of SIZES) {
    describe(`icon-${size}.png`, () => {
      const file = join(iconsDir, `icon-${size}.png`);

      it('exists', () => {
        expect(existsSync(file)).toBe(true);
      });

      it('is a PNG whose IHDR matches its name', () => {
        const bytes = readFileSync(file);
        expect(bytes.length).toBeGreaterThan(33);
        expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
        // First chunk: 4-byte length (13), 4-byte type "IHDR", then width, height (big-endian).
        expect(bytes.readUInt32BE(8)).toBe(13);
        expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
        expect(bytes.readUInt32BE(16)).toBe(size);
        expect(bytes.readUInt32BE(20)).toBe(size);
      });
    });
  }
});
