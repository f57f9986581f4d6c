import { useState } from 'react';
import type { ContentAuditEntry, ContentEntity } from '@agency/contracts';
import { Pager, QueryView } from '../../../components/query-view';
import { useContentAudit } from '../api/get-content-audit';
import { shownDateTime } from './blog/post-dates';
import { changedFields, rowName } from './changed-fields';

const ENTITY_LABEL: Record<ContentEntity, string> = {
  blog_post: 'Blog post',
  case_study: 'Case study',
  service_package: 'Service package',
  content_image: 'Content image',
};
const ACTION_LABEL = { create: 'created', update: 'updated', delete: 'deleted' } as const;

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
            <span className="font-mono font-semibold">{c.field}</span>: <del className="text-red-700">{c.before}</del>
            {' → '}
            <ins className="text-green-800 no-underline">{c.after}</ins>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Master admins: who wrote which content when, newest first, each entry's changed fields on request. Read only. */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const audit = useContentAudit(page);
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-1 text-xl font-bold">
        Content changes
      </h2>
      <p className="mb-4 text-sm text-slate-600">Every write to posts, case studies, packages and images.</p>
      <QueryView query={audit}>
        {(data) =>
          data.total === 0 ? (
            <p className="text-slate-600">No content changes yet.</p>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-left align-top text-sm">
                  <caption className="sr-only">Content changes, newest first</caption>
                  <thead className="border-b text-slate-600">
                    <tr>
                      <th className="py-2 pr-3">When</th>
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
                            <time dateTime={entry.at}>{shownDateTime(entry.at)}</time>
                          </td>
                          <td className="py-2 pr-3">{entry.userEmail}</td>
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
