import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUDIT_AREAS, AuditQuerySchema, type AuditArea, type AuditEvent } from '@agency/contracts';
import { fieldsOf, Options, payloadResolver, SelectField, TextField } from '@agency/contracts/ui';
import { FormProblems } from '../../lib/staff-form';
import { Pager, QueryView } from '../../components/query-view';
import { useAuditEvents, type AuditFilters } from './api/get-audit-events';
import { changedFields, rowName, shownNzDateTime } from './components/changed-fields';

const AREA_LABEL: Record<AuditArea, string> = {
  content: 'Content',
  accounts: 'Accounts',
  leads: 'Leads',
  releases: 'Releases',
  privacy: 'Privacy',
};
/** What an event was done to, in words; a kind not listed shows as stored (`privacy request`). */
const SUBJECT_LABEL: Record<string, string> = {
  blog_post: 'Blog post',
  case_study: 'Case study',
  service_package: 'Service package',
  content_image: 'Content image',
  account: 'Account',
  enquiry: 'Enquiry',
  consultation: 'Consultation request',
  quote: 'Quote',
  optin: 'Opt-in',
  'deploy token': 'Deploy token',
  'privacy request': 'Privacy request',
  'client account': 'Client account',
  'marketing e-mail': 'Marketing e-mail',
};
const ACTION_LABEL: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  'reset-second-factor': 'second factors reset',
  'resend-invite': 'invitation sent again',
  'deploy-token.create': 'made',
  'deploy-token.revoke': 'revoked',
};
const NO_FILTERS: AuditFilters = { area: '', who: '', from: '', to: '' };

const subjectOf = (entry: AuditEvent) =>
  `${SUBJECT_LABEL[entry.subjectType] ?? entry.subjectType}${entry.subjectId !== null ? ` #${entry.subjectId}` : ''}`;

function Changes({ entry }: { entry: AuditEvent }) {
  // A step (an export, an erasure, a hold) says what was done; a change to a row shows its fields.
  if (entry.before === null && entry.after === null)
    return entry.detail ? <span className="break-words">{entry.detail}</span> : null;
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-500">No field changed</span>;
  return (
    <details>
      <summary className="cursor-pointer font-medium text-brand-700">
        {changes.length === 1 ? '1 field changed' : `${changes.length} fields changed`}
      </summary>
      <ul className="mt-2 space-y-1">
        {changes.map((c) => (
          <li key={c.field} className="break-words">
            <span className="font-semibold">{c.label}</span>: <del className="text-red-700">{c.before}</del>
            {' → '}
            <ins className="text-green-800 no-underline">{c.after}</ins>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The filters, applied on submit so typing an address does not ask the server at every key; checked by the
 * endpoint's own query schema first (a day that is no date, an address too long), so a refused filter is said here.
 */
function Filters({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const form = useForm<AuditFilters, unknown, unknown>({
    resolver: payloadResolver(AuditQuerySchema, (draft) => draft),
    defaultValues: NO_FILTERS,
  });
  const field = fieldsOf(form, { announce: false, look: 'compact', clearOnEdit: true });
  return (
    <form
      aria-label="Filter the audit log"
      noValidate
      className="mb-4 grid gap-3 text-sm sm:grid-cols-5"
      onSubmit={form.handleSubmit(() => onApply(form.getValues()))}
    >
      <SelectField label="Area" {...field('area')}>
        <Options values={AUDIT_AREAS} labels={AREA_LABEL} prompt="Every area" />
      </SelectField>
      <TextField label="Who (e-mail or name)" type="text" {...field('who')} />
      <TextField label="From (NZ date)" type="date" {...field('from')} />
      <TextField label="To (NZ date)" type="date" {...field('to')} />
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white">
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            form.reset(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
          className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold"
        >
          Clear
        </button>
      </div>
      <FormProblems errors={form.formState.errors} className="sm:col-span-5" />
    </form>
  );
}

/**
 * Master admins: the one audit trail (decision 0103), newest first: content writes, account changes, lead status
 * changes, deploy tokens and what was done with personal data, each entry's changed fields by their names in words
 * (or what was done), moments in New Zealand time, narrowed by area. Read only.
 */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState(NO_FILTERS);
  const audit = useAuditEvents(page, filters);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-1 text-xl font-bold">
        Audit log
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Every write to posts, case studies, packages and images; every change to an account&apos;s role, access or
        second factors; every lead status change; deploy tokens made and revoked; and every step taken with personal
        data (holds, exports, copies, erasures).
      </p>
      <Filters
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <QueryView query={audit}>
        {(data) =>
          data.total === 0 ? (
            <p className="text-slate-600">{filtered ? 'No changes match these filters.' : 'No changes yet.'}</p>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-left align-top text-sm">
                  <caption className="sr-only">Audit events, newest first</caption>
                  <thead className="border-b text-slate-600">
                    <tr>
                      <th className="py-2 pr-3">When (NZ time)</th>
                      <th className="pr-3">Who</th>
                      <th className="pr-3">Area</th>
                      <th className="pr-3">What</th>
                      <th>Changes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((entry) => {
                      const name = rowName(entry.before, entry.after);
                      return (
                        <tr key={entry.id} className="border-b align-top">
                          <td className="py-2 pr-3 whitespace-nowrap">
                            <time dateTime={entry.at}>{shownNzDateTime(entry.at)}</time>
                          </td>
                          <td className="py-2 pr-3 break-all">{entry.actor}</td>
                          <td className="py-2 pr-3">{AREA_LABEL[entry.area]}</td>
                          <td className="py-2 pr-3">
                            {subjectOf(entry)}
                            {name && ` “${name}”`} {ACTION_LABEL[entry.action] ?? entry.action}
                          </td>
                          <td className="py-2">
                            <Changes entry={entry} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
