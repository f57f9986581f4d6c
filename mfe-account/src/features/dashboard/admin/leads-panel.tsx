import { useState } from 'react';
import { ENQUIRY_STATUSES, QUOTE_STATUSES, formatNzd } from '@agency/contracts';
import { Options } from '../../../components/options';
import { Pager, QueryView } from '../../../components/query-view';
import { useChangeLeadStatus } from '../api/change-lead-status';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { exportLeads } from '../api/export-leads';
import { LEAD_TYPES as TYPES, useLeads, type LeadRow, type LeadType } from '../api/get-leads';

function summary(type: LeadType, l: LeadRow): string {
  if (type === 'optin') return `${String(l.firstName)} <${String(l.email)}>`;
  const who = `${String(l.businessName ?? '')} – ${String(l.contactName ?? '')} <${String(l.contactEmail ?? l.email ?? '')}>`;
  if (type !== 'quote') return who;
  const money = [l.finalSetupCost ?? l.totalSetupCost, l.finalMonthlyCost ?? l.totalMonthlyCost].map((v) =>
    typeof v === 'number' ? formatNzd(v) : '–',
  );
  return `${who} · ${String(l.source)} · ${money[0]} + ${money[1]}/mo${l.pricingAgreed === false ? ' · browser price differed' : ''}`;
}

/** The lead pipeline: one list per kind, filtered by status and text, with status changes and CSV export. */
export function LeadsPanel() {
  const toasted = useToastedCall();
  const [filter, setFilter] = useState<{ type: LeadType; status: string; q: string }>({
    type: 'enquiry',
    status: '',
    q: '',
  });
  const { type, status, q } = filter;
  const [page, setPage] = useState(1);
  // A changed filter starts again from its first page.
  const refine = (change: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const [open, setOpen] = useState<number | null>(null);
  const leads = useLeads({ type, status, q, page });
  const changeStatus = useChangeLeadStatus();
  const statuses: readonly string[] = type === 'quote' ? QUOTE_STATUSES : type === 'optin' ? [] : ENQUIRY_STATUSES;

  const change = (id: number, next: string) =>
    toasted(
      () => changeStatus.mutateAsync({ type, id, status: next }),
      { title: 'Status updated', description: `Lead #${id} is now ${next}.` },
      { title: 'Update failed', fallback: 'Please try again' },
    );

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    await toasted(
      () => exportLeads({ type, status, q }),
      { title: 'Export ready', description: `The ${TYPES[type].toLowerCase()} CSV is in your downloads.` },
      { title: 'Export failed', fallback: 'Please try again' },
    );
    setExporting(false);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Type
          <select
            aria-label="Lead type"
            value={type}
            onChange={(e) => refine({ type: e.target.value as LeadType, status: '' })}
            className="ml-2 rounded border px-2 py-1"
          >
            <Options values={Object.keys(TYPES)} labels={TYPES} />
          </select>
        </label>
        {statuses.length > 0 && (
          <label className="text-sm font-medium">
            Status
            <select
              aria-label="Filter by status"
              value={status}
              onChange={(e) => refine({ status: e.target.value })}
              className="ml-2 rounded border px-2 py-1"
            >
              <option value="">All</option>
              <Options values={statuses} />
            </select>
          </label>
        )}
        <label className="text-sm font-medium">
          Search
          <input
            type="search"
            aria-label="Search leads"
            value={q}
            onChange={(e) => refine({ q: e.target.value })}
            className="ml-2 rounded border px-2 py-1"
          />
        </label>
        <button
          type="button"
          onClick={exportCsv}
          disabled={exporting}
          className="ml-auto rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60"
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <QueryView query={leads}>
        {(data) => (
          <>
            <p className="text-sm text-slate-600">
              {data.total} {TYPES[type].toLowerCase()}
            </p>
            <ul className="divide-y rounded-xl border border-slate-200">
              {data.items.map((lead) => (
                <li key={lead.id} className="p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <button
                      type="button"
                      aria-expanded={open === lead.id}
                      onClick={() => setOpen(open === lead.id ? null : lead.id)}
                      className="text-left font-medium hover:underline"
                    >
                      #{lead.id} {summary(type, lead)}
                    </button>
                    {lead.status !== undefined && (
                      <select
                        aria-label={`Status of lead #${lead.id}`}
                        value={lead.status}
                        onChange={(e) => void change(lead.id, e.target.value)}
                        className="rounded border px-2 py-1 text-sm"
                      >
                        <Options values={statuses} />
                      </select>
                    )}
                  </div>
                  {open === lead.id && (
                    <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[12rem_1fr]">
                      {Object.entries(lead)
                        .filter(([, v]) => v !== null && v !== '')
                        .map(([k, v]) => (
                          <div key={k} className="contents">
                            <dt className="text-slate-500">{k}</dt>
                            <dd className="break-words">{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
                          </div>
                        ))}
                    </dl>
                  )}
                </li>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}
