import { useState } from 'react';
import { reportMonth } from '@agency/contracts';
import { QueryView } from '../../../components/query-view';
import { shownDateTime } from '../../../lib/shown-date-time';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useClientReports } from '../api/client-reports';
import { useReportSends, useSendReport } from '../api/report-sends';

const KIND = { scheduled: 'On schedule', now: 'Sent now', test: 'Test' } as const;

function History({ reportId }: { reportId: number }) {
  const sends = useReportSends(reportId);
  return (
    <QueryView query={sends}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-600">Not e-mailed yet.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="E-mail history">
            {data.items.map((s) => (
              <li key={s.id} className="py-2">
                {KIND[s.kind]} to {s.to} on {shownDateTime(s.queuedAt.toISOString())}
                <span className="block text-xs text-slate-600">
                  {s.attached ? 'PDF attached' : 'Link only (PDF too large)'}
                  {s.delivery ? ` · ${s.delivery}` : ''}
                  {s.opens > 0
                    ? ` · link opened ${s.opens} time${s.opens === 1 ? '' : 's'}${s.lastOpenedAt ? `, last ${shownDateTime(s.lastOpenedAt.toISOString())}` : ''}`
                    : ' · link not opened'}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

/** For a chosen month's report: send it now to the schedule's recipients, a test to oneself, and its history. */
export function SendPanel({ clientId }: { clientId: number }) {
  const reports = useClientReports(clientId);
  const [chosen, setChosen] = useState<number | null>(null);
  const send = useSendReport();
  const toasted = useToastedCall();
  return (
    <QueryView query={reports}>
      {(data) => {
        if (data.items.length === 0) return <p className="text-sm text-slate-600">No reports to send yet.</p>;
        const reportId = chosen ?? data.items[0]!.id;
        const sendTo = (to: 'recipients' | 'me') =>
          toasted(
            () => send.mutateAsync({ reportId, to }),
            { title: to === 'me' ? 'Test sent' : 'Report sent', description: 'It is on its way through the outbox.' },
            { title: 'Not sent', fallback: 'Could not send the report' },
          );
        return (
          <div className="space-y-3">
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm">
                <span className="block font-semibold">Report month</span>
                <select
                  className="rounded border px-2 py-1"
                  value={reportId}
                  onChange={(e) => setChosen(Number(e.target.value))}
                >
                  {data.items.map((r) => (
                    <option key={r.id} value={r.id}>
                      {reportMonth(r.reportDate)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                disabled={send.isPending}
                className="rounded bg-brand-600 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
                onClick={() => void sendTo('recipients')}
              >
                Send now
              </button>
              <button
                type="button"
                disabled={send.isPending}
                className="rounded border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-60"
                onClick={() => void sendTo('me')}
              >
                Send a test to me
              </button>
            </div>
            <History reportId={reportId} />
          </div>
        );
      }}
    </QueryView>
  );
}
