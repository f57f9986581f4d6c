import { lazy, Suspense, useState } from 'react';
import type { ListedReport, MonthlyReport } from '@agency/contracts';
import { ConfirmButton } from '../../components/confirm-button';
import { Pager, QueryView } from '../../components/query-view';
import { useDeleteReport } from './api/delete-report';
import { useReports } from './api/get-reports';
import { reportPdfUrl } from './api/report-pdf';
import { useToastedCall } from '../../lib/use-toasted-call';
import { toChartRows } from './components/chart-rows';
import { changeOf, reportMonth } from './components/report-change';

// recharts is most of this remote's weight (~140 KB gzip) and only this panel draws charts: it loads with them,
// not with the dashboard.
// Share links are for staff only: their dialog and form load when a staff member opens a client's reports.
const ShareReport = lazy(() => import('./components/share-report').then((m) => ({ default: m.ShareReport })));
const ReportCharts = lazy(() => import('./components/report-charts').then((m) => ({ default: m.ReportCharts })));

/** Holds the charts' place (six figures, each 290 px high) so the table below does not jump when they arrive. */
function ChartsLoading() {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-[290px] rounded-xl border border-slate-200 bg-slate-50" />
      ))}
      <span className="sr-only">Loading charts...</span>
    </div>
  );
}

const n = (v: number | null | undefined, suffix = '') =>
  v === null || v === undefined ? '–' : `${v.toLocaleString('en-NZ')}${suffix}`;

type Figure = 'websiteTraffic' | 'organicTraffic' | 'paidTraffic' | 'conversions' | 'conversionRate' | 'searchRanking';
const TONE = { better: 'text-green-800', worse: 'text-red-700', same: 'text-slate-500' } as const;

/** One figure of a month, and under it its change against the month before (when both months have it). */
function FigureCell({
  report,
  figure,
  suffix = '',
  lowerIsBetter = false,
}: {
  report: ListedReport;
  figure: Figure;
  suffix?: string;
  lowerIsBetter?: boolean;
}) {
  const previous = report.previous;
  const change = previous
    ? changeOf(report[figure], previous[figure], reportMonth(previous.reportDate), { suffix, lowerIsBetter })
    : null;
  return (
    // `relative`: the change's screen-reader words (absolutely placed) stay inside the table's own scroller.
    <td className="relative py-2 pr-3">
      {n(report[figure], suffix)}
      {change && (
        <span className={`block text-xs ${TONE[change.tone]}`} title={change.said}>
          <span aria-hidden="true">{change.text}</span>
          <span className="sr-only">{change.said}</span>
        </span>
      )}
    </td>
  );
}

/** The last twelve months as charts, and every report as a table with its notes (staff pass a client id). */
export function ReportsPanel({ clientId }: { clientId?: number }) {
  const [page, setPage] = useState(1);
  const reports = useReports({ pageSize: 12, page, clientId });
  const deleteReport = useDeleteReport();
  const toasted = useToastedCall();
  const remove = (r: MonthlyReport) =>
    toasted(
      () => deleteReport.mutateAsync(r.id),
      { title: 'Report deleted', description: reportMonth(r.reportDate) },
      { title: 'Delete failed', fallback: 'Could not delete the report' },
    );
  return (
    <QueryView query={reports}>
      {(data) =>
        data.total === 0 ? (
          <p className="text-slate-600">
            No monthly reports yet. Your first report arrives at the end of your first full month.
          </p>
        ) : (
          <div className="space-y-6">
            <Suspense fallback={<ChartsLoading />}>
              <ReportCharts rows={toChartRows(data.items)} />
            </Suspense>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Monthly reports table">
              <table className="w-full min-w-[720px] text-left text-sm">
                <caption className="sr-only">Monthly reports</caption>
                <thead className="border-b text-slate-600">
                  <tr>
                    <th className="py-2">Month</th>
                    <th>Visits</th>
                    <th>Organic</th>
                    <th>Paid</th>
                    <th>Conversions</th>
                    <th>Rate</th>
                    <th>Rank</th>
                    <th>Notes</th>
                    {/* `relative`: the hidden heading (absolutely placed) stays inside the table's own scroller. */}
                    <th className="relative">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((r) => (
                    <tr key={r.id} className="border-b align-top">
                      <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                        {reportMonth(r.reportDate)}
                      </th>
                      <FigureCell report={r} figure="websiteTraffic" />
                      <FigureCell report={r} figure="organicTraffic" />
                      <FigureCell report={r} figure="paidTraffic" />
                      <FigureCell report={r} figure="conversions" />
                      <FigureCell report={r} figure="conversionRate" suffix="%" />
                      <FigureCell report={r} figure="searchRanking" lowerIsBetter />
                      <td className="max-w-xs text-slate-600">
                        {r.notes ?? ''}
                        {r.nextSteps && <span className="mt-1 block">Next: {r.nextSteps}</span>}
                      </td>
                      <td className="space-x-2 whitespace-nowrap">
                        <a
                          href={reportPdfUrl(r.id)}
                          download
                          className="font-semibold text-brand-700 underline"
                          aria-label={`PDF of the report for ${reportMonth(r.reportDate)}`}
                        >
                          PDF
                        </a>
                        {clientId && (
                          <>
                            <Suspense fallback={null}>
                              <ShareReport report={r} />
                            </Suspense>
                            <ConfirmButton
                              label="Delete"
                              name={`report ${reportMonth(r.reportDate)}`}
                              onConfirm={() => remove(r)}
                            />
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </div>
        )
      }
    </QueryView>
  );
}
