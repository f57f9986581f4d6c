import { formatNzd, formatNzDateTime, SERVICE_CATEGORY_LABELS } from '@agency/contracts';
import type { LeadRow } from '../api/get-leads';

/** What staff read for each stored field, in the order they read it; fields not listed are not shown. */
const LABELS: [key: string, label: string, kind: 'text' | 'money' | 'time' | 'services' | 'yesno'][] = [
  ['source', 'Calculator', 'text'],
  ['businessName', 'Business', 'text'],
  ['contactName', 'Contact', 'text'],
  ['firstName', 'First name', 'text'],
  ['contactEmail', 'Email', 'text'],
  ['email', 'Email', 'text'],
  ['contactPhone', 'Phone', 'text'],
  ['phone', 'Phone', 'text'],
  ['preferredContactMethod', 'Prefers', 'text'],
  ['industry', 'Industry', 'text'],
  ['businessType', 'Business type', 'text'],
  ['servicesInterested', 'Services', 'services'],
  ['services', 'Selected', 'services'],
  ['serviceRequested', 'Service', 'text'],
  ['service', 'Service', 'text'],
  ['currentChallenge', 'Current challenge', 'text'],
  ['goals', 'Goals', 'text'],
  ['timeline', 'Timeline', 'text'],
  ['comments', 'Comments', 'text'],
  ['additionalNotes', 'Notes', 'text'],
  ['howDidYouHear', 'Heard about us', 'text'],
  ['leadMagnet', 'Signed up for', 'text'],
  ['totalSetupCost', 'One-time (excl. GST)', 'money'],
  ['totalMonthlyCost', 'Monthly (excl. GST)', 'money'],
  ['discountApplied', 'Discount', 'text'],
  ['finalSetupCost', 'One-time after discount (incl. GST)', 'money'],
  ['finalMonthlyCost', 'Monthly after discount (incl. GST)', 'money'],
  ['pricingAgreed', 'Browser showed the same price', 'yesno'],
  ['status', 'Status', 'text'],
  ['createdAt', 'Came in', 'time'],
  ['followUpBy', 'Follow up by', 'time'],
  ['followedUpAt', 'Followed up', 'time'],
  ['updatedAt', 'Last changed', 'time'],
];

const serviceLabel = (s: unknown) =>
  typeof s === 'string' ? ((SERVICE_CATEGORY_LABELS as Record<string, string>)[s] ?? s) : String(s);

/** One stored value as a person reads it: money in NZD, times in New Zealand time, lists as lists. */
function show(value: unknown, kind: (typeof LABELS)[number][2]): string {
  if (kind === 'money') return typeof value === 'number' ? formatNzd(value) : '';
  if (kind === 'time') return formatNzDateTime(value as string | number);
  if (kind === 'yesno') return value === true ? 'Yes' : value === false ? 'No' : '';
  if (kind === 'services') return Array.isArray(value) ? value.map(serviceLabel).join(', ') : '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A lead's stored fields, labelled and formatted; long text wraps, so nothing widens the page. */
export function LeadFields({ lead }: { lead: LeadRow }) {
  const rows = LABELS.map(([key, label, kind]) => [label, show(lead[key], kind)] as const).filter(([, v]) => v !== '');
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
