// "Cancelled" or "Over" beside an event's title, by the one rule the card and the popup share
// (core/event-state.ts); nothing for an event still open.
import type { EventState } from '../../core/event-state.ts';
import { t } from '../../browser/i18n.ts';

export function StateBadge({ state }: { state: EventState }) {
  if (state === 'cancelled') return <span class="ap-badge">{t('ui_cancelled')}</span>;
  if (state === 'over') return <span class="ap-badge ap-badge-over">{t('card_over')}</span>;
  return null;
}
