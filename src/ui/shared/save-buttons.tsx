import type { SaveStatus } from '../../core/rows.ts';
import { t } from '../../browser/i18n.ts';

export type OnSave = (eventKey: string, status: SaveStatus | null) => void;

/** "Going" / "Interested" toggles: pressing the pressed one takes the event out of the plan. */
export function SaveButtons({
  eventKey,
  title,
  status,
  onSave,
}: {
  eventKey: string;
  title: string;
  status: SaveStatus | null;
  onSave: OnSave;
}) {
  return (
    <span class="ap-save" role="group" aria-label={t('ui_saveGroup', title)}>
      {(['going', 'interested'] as const).map((choice) => (
        <button
          type="button"
          class="ap-button ap-toggle"
          aria-pressed={status === choice}
          onClick={() => onSave(eventKey, status === choice ? null : choice)}
          key={choice}
        >
          {t(choice === 'going' ? 'ui_going' : 'ui_interested')}
        </button>
      ))}
    </span>
  );
}
