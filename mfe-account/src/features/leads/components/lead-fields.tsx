import {
  formatNzd,
  formatNzDateTime,
  LEAD_FIELDS,
  leadChoiceLabel,
  QUOTE_PRICING_FIELDS,
  serviceLabel,
  type LeadFieldKind,
} from '@agency/contracts';
import type { LeadRow } from '../api/get-leads';

/** A quote's price breakdown, a line per figure it has ("Website package: $798.00"); zero figures are left out. */
function breakdown(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const pricing = value as Record<string, unknown>;
  return QUOTE_PRICING_FIELDS.flatMap(([key, label, kind]) => {
    const figure = pricing[key];
    if (typeof figure !== 'number' || figure === 0) return [];
    return [`${label}: ${kind === 'money' ? formatNzd(figure) : `${figure}%`}`];
  }).join('\n');
}

/**
 * One stored value as a person reads it: money in NZD, times in New Zealand time, lists as lists. The assignee is
 * not shown here: the timeline below has it, as a choice of staff.
 */
function show(value: unknown, kind: LeadFieldKind): string {
  if (kind === 'money') return typeof value === 'number' ? formatNzd(value) : '';
  if (kind === 'time') return formatNzDateTime(value as string | number);
  if (kind === 'yesno') return value === true ? 'Yes' : value === false ? 'No' : '';
  if (kind === 'services') return Array.isArray(value) ? value.map(serviceLabel).filter(Boolean).join(', ') : '';
  if (kind === 'pricing') return breakdown(value);
  if (kind === 'staff') return '';
  if (kind === 'choice') return typeof value === 'string' ? leadChoiceLabel(value) : '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A lead's stored fields, labelled and formatted; long text wraps, so nothing widens the page. */
export function LeadFields({ lead }: { lead: LeadRow }) {
  const rows = LEAD_FIELDS.map(([key, label, kind]) => [label, show(lead[key], kind)] as const).filter(
    ([, v]) => v !== '',
  );
  return (
    <dl className="mt-3 grid min-w-0 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When a lead is due: overdue, due soon (within 4 hours), or its time; '' once followed up or without a clock. */
export function followUpState(
  lead: LeadRow,
  now = Date.now(),
): { tone: 'overdue' | 'soon' | 'open'; text: string } | null {
  if (lead.followedUpAt || !lead.followUpBy) return null;
  const due = new Date(lead.followUpBy as string | number).getTime();
  const when = formatNzDateTime(due);
  if (due <= now) return { tone: 'overdue', text: `Overdue since ${when}` };
  if (due - now <= 4 * 3_600_000) return { tone: 'soon', text: `Due soon: ${when}` };
  return { tone: 'open', text: `Follow up by ${when}` };
}
