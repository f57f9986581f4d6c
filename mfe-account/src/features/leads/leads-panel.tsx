import { useRef, useState } from 'react';
import {
  ENQUIRY_STATUSES,
  LEAD_CHOICE_LABELS,
  LEAD_KIND_LABELS,
  QUOTE_STATUSES,
  formatNzd,
  formatNzDateTime,
  leadChoiceLabel,
} from '@agency/contracts';
import { Options } from '../../components/options';
import { Pager, QueryView } from '../../components/query-view';
import { useChangeLeadStatus } from './api/change-lead-status';
import { useToastedCall } from '../../lib/use-toasted-call';
import { exportLeads } from './api/export-leads';
import { LEAD_TYPES as TYPES, useLeads, type LeadRow, type LeadType, type LeadsQuery } from './api/get-leads';
import { useLead, useLeadOverview } from './api/lead-work';
import { FailedMessages } from './components/failed-messages';
import { followUpState, LeadFields } from './components/lead-fields';
import { LeadTimeline } from './components/lead-timeline';

const DUE = { '': 'Any', overdue: 'Overdue', soon: 'Due soon', open: 'Not followed up' } as const;
const TONE = { overdue: 'bg-red-100 text-red-800', soon: 'bg-amber-100 text-amber-900', open: 'bg-slate-100' };

function summary(type: LeadType, l: LeadRow): string {
  if (typeof l.who === 'string') return `${l.who} <${String(l.email ?? '')}>`;
  if (type === 'optin') return `${String(l.firstName)} <${String(l.email)}>`;
  const who = `${String(l.businessName ?? '')} – ${String(l.contactName ?? '')} <${String(l.contactEmail ?? l.email ?? '')}>`;
  if (type !== 'quote') return who;
  const money = [l.finalSetupCost ?? l.totalSetupCost, l.finalMonthlyCost ?? l.totalMonthlyCost].map((v) =>
    typeof v === 'number' ? formatNzd(v) : '–',
  );
  return `${who} · ${money[0]} + ${money[1]}/mo${l.pricingAgreed === false ? ' · browser price differed' : ''}`;
}

const pct = (share: number | null) => (share === null ? 'no leads yet' : `${Math.round(share * 100)}%`);

/** The inbox's figures: the on-time share, and what is overdue or due soon. */
function Overview() {
  const overview = useLeadOverview();
  if (!overview.data) return null;
  const { onTime, overdue, dueSoon } = overview.data;
  return (
    <div className="grid min-w-0 gap-2 text-sm sm:grid-cols-4" aria-label="Follow-up figures">
      <p className="rounded-lg border p-2">
        Followed up in time, 30 days: <strong>{pct(onTime.days30.share)}</strong> ({onTime.days30.onTime} of{' '}
        {onTime.days30.due})
      </p>
      <p className="rounded-lg border p-2">
        90 days: <strong>{pct(onTime.days90.share)}</strong> ({onTime.days90.onTime} of {onTime.days90.due})
      </p>
      <p className="rounded-lg border p-2">
        Overdue: <strong>{overdue}</strong>
      </p>
      <p className="rounded-lg border p-2">
        Due soon: <strong>{dueSoon}</strong>
      </p>
    </div>
  );
}

/**
 * The lead pipeline: one list per kind or all, filtered and sorted by follow-up, with timeline and CSV export (of the
 * kind shown, or of all four with a Kind column).
 */
export function LeadsPanel({
  openLead: open = null,
  onOpenLead: setOpen = () => undefined,
}: {
  /** The open lead (`enquiry-12`), from the address (decision 0101). */
  openLead?: string | null;
  onOpenLead?: (lead: string | null) => void;
} = {}) {
  const toasted = useToastedCall();
  const [filter, setFilter] = useState<Omit<LeadsQuery, 'page'>>({
    type: (open?.split('-')[0] as LeadType | undefined) ?? 'enquiry',
    status: '',
    q: '',
    due: '',
    mine: false,
    sort: 'newest',
  });
  const { type, status } = filter;
  const [page, setPage] = useState(1);
  // A changed filter starts again from its first page.
  const refine = (change: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
    setKept(new Map());
  };
  // A lead whose status was changed here stays where it was, with a note, when the change takes it out of the list's
  // filter: it does not vanish while someone works on it (decision 0105). Closing it, or another filter or page,
  // lets it go.
  const [kept, setKept] = useState<ReadonlyMap<string, LeadRow>>(new Map());
  const lastShown = useRef<string[]>([]);
  const letGo = (key: string) => {
    setKept((current) => new Map([...current].filter(([k]) => k !== key)));
    if (open === key) setOpen(null);
  };
  const turnPage = (next: number) => {
    setPage(next);
    setKept(new Map());
  };
  const leads = useLeads({ ...filter, page });
  const changeStatus = useChangeLeadStatus();
  const statusesOf = (t: LeadType): readonly string[] =>
    t === 'quote' ? QUOTE_STATUSES : t === 'optin' ? [] : ENQUIRY_STATUSES;

  const change = (t: LeadType, lead: LeadRow, next: string) => {
    setKept((current) => new Map(current).set(`${t}-${lead.id}`, { ...lead, status: next }));
    return changeTo(t, lead.id, next);
  };
  const changeTo = (t: LeadType, id: number, next: string) =>
    toasted(
      () => changeStatus.mutateAsync({ type: t, id, status: next }),
      { title: 'Status updated', description: `${LEAD_KIND_LABELS[t]} #${id} is now ${leadChoiceLabel(next)}.` },
      { title: 'Update failed', fallback: 'Please try again' },
    );

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    await toasted(
      () => exportLeads(filter),
      {
        title: 'Export ready',
        description:
          type === 'all'
            ? 'A zip of one CSV per kind of lead is in your downloads.'
            : `The CSV of ${TYPES[type].toLowerCase()} is in your downloads.`,
      },
      { title: 'Export failed', fallback: 'Please try again' },
    );
    setExporting(false);
  };

  return (
    <div className="min-w-0 space-y-4">
      <Overview />
      <FailedMessages />
      <div className="flex min-w-0 flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Type
          <select
            aria-label="Lead type"
            value={type}
            onChange={(e) => refine({ type: e.target.value as LeadsQuery['type'], status: '' })}
            className="ml-2 rounded border px-2 py-1"
          >
            <Options values={Object.keys(TYPES)} labels={TYPES} />
          </select>
        </label>
        {type !== 'all' && statusesOf(type).length > 0 && (
          <label className="text-sm font-medium">
            Status
            <select
              aria-label="Filter by status"
              value={status}
              onChange={(e) => refine({ status: e.target.value })}
              className="ml-2 rounded border px-2 py-1"
            >
              <option value="">All</option>
              <Options values={statusesOf(type)} labels={LEAD_CHOICE_LABELS} />
            </select>
          </label>
        )}
        <label className="text-sm font-medium">
          Follow-up
          <select
            aria-label="Filter by follow-up"
            value={filter.due}
            onChange={(e) => refine({ due: e.target.value })}
            className="ml-2 rounded border px-2 py-1"
          >
            <Options values={Object.keys(DUE)} labels={DUE} />
          </select>
        </label>
        <label className="text-sm font-medium">
          Order
          <select
            aria-label="Order leads"
            value={filter.sort}
            onChange={(e) => refine({ sort: e.target.value as LeadsQuery['sort'] })}
            className="ml-2 rounded border px-2 py-1"
          >
            <option value="newest">Newest first</option>
            <option value="follow-up">Follow-up due first</option>
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm font-medium">
          <input type="checkbox" checked={filter.mine} onChange={(e) => refine({ mine: e.target.checked })} />
          My leads
        </label>
        <label className="min-w-0 text-sm font-medium">
          Search
          <input
            type="search"
            aria-label="Search leads"
            placeholder="Name, e-mail or phone"
            value={filter.q}
            onChange={(e) => refine({ q: e.target.value })}
            className="ml-2 w-60 max-w-full rounded border px-2 py-1"
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
              {data.totalAtLeast ? `${data.total.toLocaleString('en-NZ')} or more` : data.total}{' '}
              {TYPES[type].toLowerCase()}
            </p>
            <ul className="min-w-0 divide-y rounded-xl border border-slate-200">
              {withKept(data.items, type, kept, lastShown).map(({ lead, stale }) => {
                const kind = kindOf(lead, type);
                const key = `${kind}-${lead.id}`;
                const due = followUpState(lead);
                const statuses = statusesOf(kind);
                return (
                  <li key={key} className="min-w-0 p-3">
                    <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                      <button
                        type="button"
                        aria-expanded={open === key}
                        onClick={() => setOpen(open === key ? null : key)}
                        className="min-w-0 text-left font-medium [overflow-wrap:anywhere] hover:underline"
                      >
                        {type === 'all' && <span className="text-slate-500">{LEAD_KIND_LABELS[kind]} </span>}#{lead.id}{' '}
                        {summary(kind, lead)}
                      </button>
                      {lead.status !== undefined && lead.status !== null && statuses.length > 0 && (
                        <select
                          aria-label={`Status of ${LEAD_KIND_LABELS[kind].toLowerCase()} #${lead.id}`}
                          value={lead.status}
                          onChange={(e) => void change(kind, lead, e.target.value)}
                          className="rounded border px-2 py-1 text-sm"
                        >
                          <Options values={statuses} labels={LEAD_CHOICE_LABELS} />
                        </select>
                      )}
                    </div>
                    <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-600">
                      <span>Came in {formatNzDateTime(lead.createdAt as string | number)}</span>
                      {due && <span className={`rounded px-1.5 ${TONE[due.tone]}`}>{due.text}</span>}
                    </p>
                    {stale && (
                      <p
                        role="note"
                        className="mt-2 flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900"
                      >
                        No longer matches this list&apos;s filters: it stays here until you close it.
                        <button
                          type="button"
                          onClick={() => letGo(key)}
                          className="rounded border border-amber-400 px-2 py-0.5 font-semibold hover:bg-amber-100"
                        >
                          Close
                        </button>
                      </p>
                    )}
                    {open === key && <LeadDetail type={kind} lead={lead} />}
                  </li>
                );
              })}
            </ul>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              atLeast={data.totalAtLeast}
              onPage={turnPage}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}

const kindOf = (lead: LeadRow, type: LeadsQuery['type']) =>
  (typeof lead.leadType === 'string' ? lead.leadType : type) as LeadType;

/**
 * The page's leads, and each kept lead the page no longer lists put back where it was last shown (flagged `stale`).
 * Remembers the order shown in `lastShown` for the next answer.
 */
function withKept(
  items: LeadRow[],
  type: LeadsQuery['type'],
  kept: ReadonlyMap<string, LeadRow>,
  lastShown: { current: string[] },
): { lead: LeadRow; stale: boolean }[] {
  const rows = items.map((lead) => ({ lead, stale: false }));
  const listed = new Set(items.map((lead) => `${kindOf(lead, type)}-${lead.id}`));
  for (const [key, lead] of kept) {
    if (listed.has(key)) continue;
    const before = lastShown.current.indexOf(key);
    rows.splice(before < 0 ? rows.length : Math.min(before, rows.length), 0, { lead, stale: true });
  }
  lastShown.current = rows.map(({ lead }) => `${kindOf(lead, type)}-${lead.id}`);
  return rows;
}

/** The open lead: every field labelled (the All view's row is a summary, so the full row is read), and its timeline. */
function LeadDetail({ type, lead }: { type: LeadType; lead: LeadRow }) {
  const full = useLead(type, lead.id);
  const shown = full.data ?? lead;
  return (
    <div className="min-w-0">
      <LeadFields lead={shown} />
      <LeadTimeline type={type} lead={shown} />
    </div>
  );
}
