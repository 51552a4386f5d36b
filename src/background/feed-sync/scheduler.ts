// Periodic sync with alarms. One alarm, set for the earliest feed due (each feed's refresh
// period or back-off lives on its row), with an hourly period as a safety net. The worker
// keeps no timer of its own: alarms survive it being stopped, and are re-created on start-up.
import type { FeedSync } from './engine.ts';

export const SYNC_ALARM = 'afterparty-sync';

/** The part of chrome.alarms / browser.alarms the scheduler uses, so tests pass a fake. */
export interface AlarmsApi {
  create(
    name: string,
    info: { when?: number; delayInMinutes?: number; periodInMinutes?: number },
  ): void | Promise<void>;
  clear(name: string): Promise<boolean> | Promise<void> | void;
}

export interface Scheduler {
  /** Re-creates the alarm for the next feed due; call on start-up, install and after a sync. */
  reschedule(): Promise<void>;
  /** The alarm listener: syncs the feeds that are due, then sets the next alarm. */
  onAlarm(alarm: { name: string }): Promise<void>;
}

export function createScheduler({
  alarms,
  sync,
  clock,
}: {
  alarms: AlarmsApi;
  sync: FeedSync;
  clock: () => number;
}): Scheduler {
  async function reschedule() {
    const due = await sync.nextDue();
    if (due === null) {
      await alarms.clear(SYNC_ALARM);
      return;
    }
    // Browsers refuse alarms sooner than 30 s; a due feed is synced within the minute.
    await alarms.create(SYNC_ALARM, { when: Math.max(due, clock() + 60_000), periodInMinutes: 60 });
  }
  return {
    reschedule,
    async onAlarm(alarm) {
      if (alarm.name !== SYNC_ALARM) return;
      try {
        await sync.syncDue();
      } finally {
        await reschedule();
      }
    },
  };
}
