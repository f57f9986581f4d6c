import { useState } from 'react';
import { reportMonth } from '@agency/contracts';
import { Pager, QueryView } from '../../components/query-view';
import { useToastedCall } from '../../lib/use-toasted-call';
import { useBuildDraft, useClientReports } from './api/report-drafts';
import { DraftEditor } from './components/draft-editor';

/** The month before this one, `YYYY-MM`: the month a draft is usually built for. */
function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Staff: a client's reports, drafts marked, and the chosen draft to review and publish (decision 0094). A draft is
 * built on the first working day of a month from the client's Google figures, or here with "Build draft from Google".
 */
export function ReportDraftsPanel({ clientId, clientName }: { clientId: number; clientName: string }) {
  const [page, setPage] = useState(1);
  const [month, setMonth] = useState(lastMonth);
  const [openId, setOpenId] = useState<number | null>(null);
  const reports = useClientReports(clientId, page);
  const build = useBuildDraft();
  const toasted = useToastedCall();
  const buildDraft = async () => {
    let built: number | null = null;
    await toasted(
      async () => (built = (await build.mutateAsync({ clientId, month })).id),
      { title: 'Draft built', description: `${clientName}, ${reportMonth(`${month}-01`)}` },
      { title: 'Could not build the draft', fallback: 'Please try again' },
    );
    if (built) setOpenId(built);
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Month to build</span>
          <input
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          />
        </label>
        <button
          type="button"
          onClick={() => void buildDraft()}
          disabled={build.isPending || !month}
          className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-60"
        >
          Build draft from Google
        </button>
      </div>
      <QueryView query={reports}>
        {(data) => {
          const open = data.items.find((r) => r.id === openId && r.status === 'draft');
          return (
            <div className="space-y-4">
              <ul aria-label="Reports and drafts" className="flex flex-wrap gap-2">
                {data.items.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      aria-pressed={r.id === openId}
                      disabled={r.status !== 'draft'}
                      onClick={() => setOpenId(r.id)}
                      className="rounded border border-slate-300 px-2 py-1 text-sm disabled:border-transparent"
                    >
                      {reportMonth(r.reportDate)}
                      {r.status === 'draft' && (
                        <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">Draft</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
              {data.total === 0 && <p className="text-slate-600">No reports or drafts yet.</p>}
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
              {open && (
                <section aria-label={`Review ${reportMonth(open.reportDate)}`}>
                  <h4 className="mb-3 font-semibold">Review {reportMonth(open.reportDate)} (draft)</h4>
                  <DraftEditor key={open.id} report={open} clientName={clientName} />
                </section>
              )}
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}
