// @vitest-environment happy-dom
// The options page says, record by record and in words, what this browser left out and why.
import { describe, expect, it } from 'vitest';
import { DeviceSyncLeftOut } from '../../../src/ui/options/device-sync-left-out.tsx';
import { mount } from '../mount.ts';
import { syncStatus } from './sync-status.ts';

describe('what device sync left out', () => {
  it('names each record left out for its date, with why, and each unreadable one', () => {
    const root = mount(
      <DeviceSyncLeftOut
        status={syncStatus({
          refused: [
            { id: 'v:default/rosedale', reason: 'time-ahead' },
            { id: 's:theme', reason: 'time-invalid' },
          ],
          skipped: ['m:bad year must be a whole number'],
        })}
      />,
    );
    const items = [...root.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toBe(
      "Saved events “default/rosedale”: it is dated more than a day ahead of this device's clock. Check the date and time of this device and of your other browsers; the item is kept and is used here once this clock reaches it.",
    );
    expect(items[1]).toMatch(/^Settings “theme”: its date is not a date Afterparty can read/);
    expect(items[2]).toBe('m:bad year must be a whole number');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('2 items from your other browsers');
  });

  it('shows nothing when nothing was left out', () => {
    expect(mount(<DeviceSyncLeftOut status={syncStatus({})} />).textContent).toBe('');
  });
});
