import { useState } from 'react';
import { AUDIT_ENTITIES, type AuditEntity, type ContentAuditEntry } from '@agency/contracts';
import { Pager, QueryView } from '../../../components/query-view';
import { useContentAudit, type AuditFilters } from '../api/get-content-audit';
import { changedFields, rowName, shownNzDateTime } from './changed-fields';

const ENTITY_LABEL: Record<AuditEntity, string> = {
  blog_post: 'Blog post',
  case_study: 'Case study',
  service_package: 'Service package',
  content_image: 'Content image',
  account: 'Account',
  enquiry: 'Enquiry',
  consultation: 'Consultation request',
  quote: 'Quote',
};
const ACTION_LABEL = { create: 'created', update: 'updated', delete: 'deleted' } as const;
const NO_FILTERS: AuditFilters = { entity: '', who: '', from: '', to: '' };

function Changes({ entry }: { entry: ContentAuditEntry }) {
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

const input = 'mt-1 block w-full rounded border border-slate-300 px-2 py-1';

/** The filters, applied on submit so typing an address does not ask the server at every key. */
function Filters({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState(NO_FILTERS);
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  return (
    <form
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 text-sm sm:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label className="block">
        What changed
        <select value={draft.entity} onChange={set('entity')} className={`${input} bg-white`}>
          <option value="">Everything</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {ENTITY_LABEL[entity]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        Changed by (e-mail)
        <input type="email" value={draft.who} onChange={set('who')} className={input} />
      </label>
      <label className="block">
        From (NZ date)
        <input type="date" value={draft.from} onChange={set('from')} className={input} />
      </label>
      <label className="block">
        To (NZ date)
        <input type="date" value={draft.to} onChange={set('to')} className={input} />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white">
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
          className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold"
        >
          Clear
        </button>
      </div>
    </form>
  );
}

/**
 * Master admins: who changed what when, newest first: content writes, role and access changes and lead status
 * changes, each entry's changed fields by their names in words, moments in New Zealand time. Read only.
 */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState(NO_FILTERS);
  const audit = useContentAudit(page, filters);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-1 text-xl font-bold">
        Audit log
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Every write to posts, case studies, packages and images, every change to an account&apos;s role or access, and
        every lead status change.
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
                  <caption className="sr-only">Content changes, newest first</caption>
                  <thead className="border-b text-slate-600">
                    <tr>
                      <th className="py-2 pr-3">When (NZ time)</th>
                      <th className="pr-3">Who</th>
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
                          <td className="py-2 pr-3 break-all">{entry.userEmail}</td>
                          <td className="py-2 pr-3">
                            {ENTITY_LABEL[entry.entity]}
                            {entry.entityId !== null && ` #${entry.entityId}`}
                            {name && ` “${name}”`} {ACTION_LABEL[entry.action]}
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
