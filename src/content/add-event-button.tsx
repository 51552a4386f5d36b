import { t } from '../browser/i18n.ts';

/** The card's "Add an event" for one film: the background opens the form with the film chosen. */
export function AddEventButton({ filmTitle, onAdd }: { filmTitle: string; onAdd: () => void }) {
  return (
    <div class="ap-actions ap-add-event">
      <button type="button" class="ap-button" onClick={onAdd} aria-label={t('content_addEventLabel', filmTitle)}>
        <span aria-hidden="true">+ </span>
        {t('content_addEvent')}
      </button>
    </div>
  );
}
