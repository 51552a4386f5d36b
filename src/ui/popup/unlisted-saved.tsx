// Saved events no feed lists here now (their feed removed, or saved on another device before
// this one fetched the feed): kept and shown with what was last known of them, which is all
// that can be said, until the user removes them or the feed brings them back.
import { t } from '../../browser/i18n.ts';
import type { UnlistedSaved } from '../../core/rows.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { localZone, whenText } from '../shared/when-text.ts';

export function UnlistedSavedList({ unlisted, onSave }: { unlisted: UnlistedSaved[]; onSave: OnSave }) {
  if (unlisted.length === 0) return null;
  return (
    <section class="day unlisted" aria-labelledby="unlisted-heading">
      <h2 class="day-heading" id="unlisted-heading">
        {t('plan_unlistedHeading')}
      </h2>
      <ul class="day-events">
        {unlisted.map(({ eventKey, last }) => {
          const titleId = `unlisted-${eventKey}`;
          return (
            <li key={eventKey} class="slot-plain unlisted-event" aria-labelledby={titleId}>
              <h3 id={titleId} class="event-title">
                {last ? last.title : t('plan_unknownTitle')}
              </h3>
              {last && <p class="event-when">{whenText(last.start, null, localZone())}</p>}
              <p class="unlisted-why">{last ? t('plan_noLongerListedBy', last.feedTitle) : t('plan_notListedHere')}</p>
              <button type="button" class="ap-button" aria-describedby={titleId} onClick={() => onSave(eventKey, null)}>
                {t('plan_removeSaved')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
