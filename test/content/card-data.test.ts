import { describe, expect, it } from 'vitest';
import { CardData } from '../../src/content/card-data.ts';

const status = (going: string) => ({
  saved: { [going]: 'going' as const },
  reminders: {},
  clashes: {},
  shortcut: 'Alt+Shift+A',
});

describe("the card's statuses", () => {
  it('keep their maps when the same status is applied again (the prepared card, on show), and take a new one', () => {
    const data = new CardData({ get: () => Promise.reject(new Error('unused')) }, () => undefined);
    const first = status('default/a');
    data.apply(first);
    const { saved, reminders, clashes } = data;
    data.apply(first);
    expect(data.saved).toBe(saved);
    expect(data.reminders).toBe(reminders);
    expect(data.clashes).toBe(clashes);
    // Positive control: a status read again replaces them.
    data.apply(status('default/b'));
    expect(data.saved).not.toBe(saved);
    expect([...data.saved.keys()]).toEqual(['default/b']);
    data.apply(first);
    expect([...data.saved.keys()]).toEqual(['default/a']);
  });
});
