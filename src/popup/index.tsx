import { render } from 'preact';
import { adoptEventStyle } from '../ui/page-style.ts';
import { ScheduleView } from '../ui/schedule-view.tsx';
import { useRequest } from '../ui/use-request.ts';

function Popup() {
  const schedule = useRequest('getSchedule', {});
  return (
    <main>
      <header class="top">
        <h1>Afterparty</h1>
        <p class="subtitle">Schedule</p>
      </header>
      {schedule.status === 'failed' && <p class="error" role="alert">Could not load the schedule: {schedule.error}</p>}
      {schedule.status === 'loading' && <p class="empty">Loading…</p>}
      {schedule.status === 'done' && <ScheduleView data={schedule.result} />}
    </main>
  );
}

adoptEventStyle(document);
const root = document.getElementById('app');
if (root) render(<Popup />, root);
