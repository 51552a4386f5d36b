// The ASCII tables the evidence rules read punctuation by (ascii-table.ts) must answer as the
// expressions they stand for, for every character.
import { describe, expect, it } from 'vitest';
import { asciiTable, charIs } from '../../../src/core/matching/ascii-table.ts';
import { CLOCK, clockAt } from '../../../src/core/matching/title-cues.ts';

describe('ascii-table', () => {
  it.each([/[;·|•\t]|\p{S}/u, /\p{Pd}/u, /[,;.!?:)\]·|•"'”’»›]|\p{S}/u, /\s/u, /[\s\u00a0]/u, /[\s\u00a0"'“‘„«‹]/u])(
    'reads %s as the expression does',
    (re) => {
      const table = asciiTable(re);
      const text = Array.from({ length: 0x250 }, (_, c) => String.fromCharCode(c)).join('') + '·•—–−€™\u00a0\u3000🎬';
      let matched = 0;
      for (let i = 0; i < text.length; i++) {
        expect(charIs(table, re, text, i), `${re} at ${text.charCodeAt(i).toString(16)}`).toBe(re.test(text[i]!));
        if (re.test(text[i]!)) matched++;
      }
      expect(matched).toBeGreaterThan(0);
    },
  );

  it('runs the clock expression only where it can match, and answers as it does', () => {
    const starts = [
      '',
      'at ',
      'x',
      '9',
      '21:3',
      '21:30',
      '9.15',
      '10h30',
      '9:30 a',
      '9:30 a.',
      '9:30 pm',
      '9:30 P.M',
      '1:30',
    ];
    let clocks = 0;
    for (const start of starts) {
      for (let c = 0; c < 0x180; c++) {
        const text = start + String.fromCharCode(c);
        const j = text.length - 1;
        const expected = CLOCK.test(text.slice(Math.max(0, j - 9), j + 1));
        expect(clockAt(text, j), JSON.stringify(text)).toBe(expected);
        if (expected) clocks++;
      }
    }
    // Positive control: some of these are clock times ("21:30", "9:30 a.m.", "9:30 P.M.").
    expect(clocks).toBeGreaterThan(5);
  });
});
