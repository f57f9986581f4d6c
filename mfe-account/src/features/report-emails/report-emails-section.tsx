import { QueryView } from '../../components/query-view';
import { useReportSchedule } from './api/report-schedule';
import { ScheduleForm } from './components/schedule-form';
import { SendPanel } from './components/send-panel';

/**
 * Staff: a client's report e-mails, its schedule and sending a month's report now or as a test. Loaded on demand
 * (the dashboard passes it lazily to the clients panel), so the dashboard's first load does not carry it.
 */
export function ReportEmailsSection({ clientId, clientName }: { clientId: number; clientName: string }) {
  const schedule = useReportSchedule(clientId);
  return (
    <div className="space-y-4">
      <QueryView query={schedule}>{(data) => <ScheduleForm schedule={data} clientName={clientName} />}</QueryView>
      <SendPanel clientId={clientId} />
    </div>
  );
}
