import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import { CARD_STYLE } from '../../../src/ui/card/card-style.ts';

// Every bidirectional formatting character (UAX #9): embeddings and overrides, isolates, marks.
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const BIDI_ANY = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function feedWith(text: (field: string) => string) {
  return {
    afterparty: 1,
    title: text('feed title'),
    festivals: [
      { id: 'tiff', name: text('festival'), timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' },
    ],
    films: [{ id: 'f', title: text('Fugitive Pieces'), aliases: [text('alias')], directors: [text('Jeremy Podeswa')] }],
    events: [
      {
        id: 'e',
        title: text('house party'),
        films: ['f'],
        festival: 'tiff',
        venue: { name: text('Rosedale'), address: text('Toronto') },
        host: text('host'),
        access: 'invite',
        description: text('description'),
        source: { name: text('diary') },
      },
    ],
  };
}

/** Every string in a parsed feed. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

describe('bidirectional controls in feed text', () => {
  it.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'strips %s from every text field',
    (_name, control) => {
      // "Invitation only" written backwards behind an override, and an isolate left open.
      const result = parseFeed(feedWith((field) => `${control}${field}${control} ylno noitativnI${control}`));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const texts = strings(result.feed);
      expect(texts.length).toBeGreaterThan(10);
      for (const text of texts) expect(text).not.toMatch(BIDI_ANY);
      expect(result.feed.events[0]!.venue).toEqual({
        name: 'Rosedale ylno noitativnI',
        address: 'Toronto ylno noitativnI',
      });
    },
  );

  it('keeps right-to-left text itself, which the bidi algorithm orders without controls', () => {
    const hebrew = 'מסיבת סיום';
    const arabic = 'حفل الافتتاح';
    const result = parseFeed(
      feedWith((field) =>
        field === 'house party' ? `\u202B${hebrew}\u202C` : field === 'Rosedale' ? `${arabic}\u200F` : field,
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.feed.events[0]!.title).toBe(hebrew);
    expect(result.feed.events[0]!.venue?.name).toBe(arabic);
  });

  it('the card isolates the card and each field, so neutral characters cannot leak across fields', () => {
    const rules = new Map([...CARD_STYLE.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => [m[1]!.trim(), m[2]!]));
    for (const selector of ['.ap-card', '.ap-event-title', '.ap-facts dd']) {
      expect(rules.get(selector), selector).toMatch(/unicode-bidi:\s*isolate/);
    }
  });
});
