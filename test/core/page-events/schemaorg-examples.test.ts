// How many of the events in schema.org's own examples the page reader finds, and with the
// start the example wrote (issue 18). Each format is read alone, the way a page holding only
// that markup would be; festivals are left out so times are compared as written.
import { describe, expect, it } from 'vitest';
import { readPageEvents } from '../../../src/core/page-events/index.ts';
import { expectedEvents, loadExamples, snapshotOf, tally, type Format, type Tally } from './schemaorg-examples.ts';

const examples = loadExamples();

function measure(format: Format): Tally & { misses: string[] } {
  const total: Tally = { events: 0, found: 0, withStart: 0, startRight: 0, extra: 0 };
  const misses: string[] = [];
  for (const example of examples) {
    const expected = expectedEvents(example, format);
    if (expected.length === 0) continue;
    const drafts = readPageEvents(snapshotOf(example, format) as never, { matcher: null, festivals: [] });
    const t = tally(expected, drafts);
    for (const key of Object.keys(total) as Array<keyof Tally>) total[key] += t[key];
    if (t.found < t.events || t.startRight < t.withStart) misses.push(`${example.id} ${JSON.stringify(t)}`);
  }
  return { ...total, misses };
}

describe("schema.org's event examples", () => {
  it('holds the examples the targets are counted on (positive control for the counts below)', () => {
    expect(examples.length).toBeGreaterThan(40);
    const counts = (['jsonld', 'microdata', 'rdfa'] as const).map((f) =>
      examples.reduce((n, e) => n + expectedEvents(e, f).length, 0),
    );
    console.log('events per format', counts);
    expect(counts.every((n) => n > 20)).toBe(true);
  });

  for (const format of ['jsonld', 'microdata', 'rdfa'] as const) {
    it(`${format}: found and start right`, () => {
      const m = measure(format);
      console.log(format, JSON.stringify({ ...m, misses: undefined }), '\n' + m.misses.join('\n'));
    });
  }
});
