// The plan's "Export to calendar" with its choice: the events marked Going only, or Going and
// Interested. The keys are chosen here from the plan's own statuses; the .ics is written by the
// background as for one event.
import { useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import type { Plan, SaveStatus } from '../../core/rows.ts';
import { CalendarLink } from '../shared/calendar-link.tsx';

export function PlanExport({ plan, status }: { plan: Plan; status: ReadonlyMap<string, SaveStatus> }) {
  const [goingOnly, setGoingOnly] = useState(false);
  const keys = () => plan.events.map((event) => event.key).filter((key) => !goingOnly || status.get(key) === 'going');
  return (
    <span class="plan-export">
      <label class="plan-export-which">
        <span class="ap-sr">{t('calendar_exportWhich')}</span>
        <select
          id="plan-export-which"
          value={goingOnly ? 'going' : 'all'}
          onChange={(e) => setGoingOnly(e.currentTarget.value === 'going')}
        >
          <option value="all">{t('calendar_exportGoingInterested')}</option>
          <option value="going">{t('calendar_exportGoing')}</option>
        </select>
      </label>{' '}
      <CalendarLink name={t('ui_planFileName')} eventKeys={keys}>
        {t('ui_exportPlan')}
      </CalendarLink>
    </span>
  );
}
