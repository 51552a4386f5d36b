// One case from schema.org's own examples for each way publishers write events (issue 18).
import { describe, expect, it } from 'vitest';
import { readPageEvents, type PageEventDraft } from '../../../src/core/page-events/index.ts';
import { loadExamples, snapshotOf, type Format } from './schemaorg-examples.ts';

const examples = loadExamples();

function eventsOf(id: string, format: Format): PageEventDraft[] {
  const example = examples.find((e) => e.id === id);
  if (!example) throw new Error(`no example ${id}`);
  return readPageEvents(snapshotOf(example, format) as never, { matcher: null, festivals: [] });
}

describe('microdata `content` on any element', () => {
  it('reads the start from a div with content, not its text (eg-0171)', () => {
    const [event] = eventsOf('#eg-0171', 'microdata');
    expect(event).toMatchObject({
      title: 'CANCELLED - Typhoon with Radiation City',
      start: '2013-09-14T21:30:00',
      status: 'cancelled',
      venue: { name: 'The Hi-Dive', address: '7 S. Broadway, Denver, CO, 80209' },
    });
  });

  it('still reads the text of an element without content (positive control)', () => {
    const [event] = eventsOf('#eg-0171', 'microdata');
    expect(event!.venue!.name).toBe('The Hi-Dive');
  });
});
