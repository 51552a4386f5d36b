import { describe, expect, it } from 'vitest';
import { removalQuestion } from '../../../src/ui/options/remove-feed.tsx';

describe("the feed removal's question", () => {
  it('counts saved events and reminders through plural()', () => {
    expect(removalQuestion({ saved: 0, reminders: 0 })).toBe('Nothing you saved comes from this feed.');
    expect(removalQuestion({ saved: 1, reminders: 0 })).toBe('1 of your saved events comes from this feed.');
    expect(removalQuestion({ saved: 3, reminders: 0 })).toBe('3 of your saved events come from this feed.');
    expect(removalQuestion({ saved: 1, reminders: 1 })).toBe(
      '1 of your saved events and 1 reminder come from this feed.',
    );
    expect(removalQuestion({ saved: 1200, reminders: 2 })).toBe(
      '1,200 of your saved events and 2 reminders come from this feed.',
    );
  });
});
