import { useState } from 'react';
import type { ClientFile } from '@agency/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { Pager, StateView } from '../../../components/state-view';
import { useHost } from '@agency/contracts/client';
import { deleteJson, errorText } from '../../../lib/api';
import { useApi, type Page } from '../../../lib/use-api';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A client's files; staff (who pass `clientId`) can also delete them. `reloadKey` lets the upload form refresh it. */
export function FilesPanel({ clientId, reloadKey = 0 }: { clientId?: number; reloadKey?: number }) {
  const [page, setPage] = useState(1);
  const scope = clientId ? `&clientId=${clientId}` : '';
  const { state, reload } = useApi<Page<ClientFile>>(`/api/files?page=${page}${scope}&r=${reloadKey}`);
  const { toast } = useHost();
  const remove = async (f: ClientFile) => {
    try {
      await deleteJson(`/api/admin/files/${f.id}`);
      toast({ title: 'File deleted', description: f.name });
      reload();
    } catch (e) {
      toast({ variant: 'destructive', title: 'Delete failed', description: errorText(e, 'Could not delete the file') });
    }
  };
  return (
    <StateView state={state} onRetry={reload}>
      {(data) =>
        data.total === 0 ? (
          <p className="text-slate-600">No files yet.</p>
        ) : (
          <>
            <ul className="divide-y rounded-xl border border-slate-200">
              {data.items.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    <span className="font-medium">{f.name}</span>
                    <span className="ml-2 text-sm text-slate-500">
                      {size(f.size)} · {new Date(f.uploadedAt).toLocaleDateString('en-NZ')}
                    </span>
                  </span>
                  <span className="flex gap-2">
                    <a
                      href={`/api/files/${f.id}/download`}
                      download={f.name}
                      className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50"
                    >
                      Download <span className="sr-only">{f.name}</span>
                    </a>
                    {clientId && <ConfirmButton label="Delete" name={f.name} onConfirm={() => remove(f)} />}
                  </span>
                </li>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )
      }
    </StateView>
  );
}
