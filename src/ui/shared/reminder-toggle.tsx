// "Remind me" beside the save toggles of a saved event, in the card and the popup alike. The
// reminders come through a context so the lists between (film sections, schedule days) need not
// pass them along; where no provider is, no toggle shows.
import { createContext } from 'preact';
import type { ReminderView } from '../../core/plan/index.ts';
import { t } from '../../browser/i18n.ts';

export interface RemindersValue {
  views: ReadonlyMap<string, ReminderView>;
  onRemind(eventKey: string, remind: boolean, view: ReminderView): void;
}

export const RemindersContext = createContext<RemindersValue | null>(null);

/** The words under the toggle: when it notifies, or why it will not. */
export function reminderNote(view: ReminderView): string | null {
  if (!view.on) return null;
  if (view.blocked) return t(`remind_blocked_${view.blocked}`);
  return view.minutesBefore === null ? null : t(view.leaveBy ? 'remind_leaveBy' : 'remind_before', view.minutesBefore);
}

// Read through the context's Consumer, not useContext: the card ships in the content script,
// whose size is a budget, and preact/hooks would be its only use there.
export function ReminderToggle(props: { eventKey: string; title: string }) {
  return <RemindersContext.Consumer>{(reminders) => toggle(props, reminders)}</RemindersContext.Consumer>;
}

function toggle({ eventKey, title }: { eventKey: string; title: string }, reminders: RemindersValue | null) {
  const view = reminders?.views.get(eventKey);
  if (!reminders || !view) return null;
  const note = reminderNote(view);
  return (
    <>
      <button
        type="button"
        class="ap-button ap-toggle"
        aria-pressed={view.on}
        aria-label={t('remind_meFor', title)}
        onClick={() => reminders.onRemind(eventKey, !view.on, view)}
      >
        {t('remind_me')}
      </button>
      {note && (
        <span class="ap-remind-note" role="status">
          {note}
        </span>
      )}
    </>
  );
}
