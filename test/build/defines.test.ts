// The constants each build fixes in the code (build.mjs definesFor). The staging threshold is
// lowered in the development build alone, for the e2e test of a worker stopped mid-staging:
// the builds users get, and the bench build that measures them, keep 5,000 rows.
import { describe, expect, it } from 'vitest';
import { definesFor } from '../../build.mjs';

const STAGE_ROWS = 'process.env.AFTERPARTY_STAGE_ROWS';

describe('the staging threshold each build fixes', () => {
  it('is 5,000 changed rows in the store and bench builds', () => {
    expect(definesFor({ dev: false, bench: false })[STAGE_ROWS]).toBe('"5000"');
    expect(definesFor({ dev: false, bench: true })[STAGE_ROWS]).toBe('"5000"');
  });

  it('is 500 in the development build alone, which the e2e tests load', () => {
    expect(definesFor({ dev: true, bench: false })[STAGE_ROWS]).toBe('"500"');
  });

  it('is read as the engine reads it: a whole number of rows, in chunks of two fifths', () => {
    for (const dev of [false, true]) {
      const rows = Number(JSON.parse(definesFor({ dev, bench: false })[STAGE_ROWS]));
      expect(Number.isInteger(rows)).toBe(true);
      expect(Number.isInteger((rows * 2) / 5)).toBe(true);
    }
  });
});
