import { useState } from 'react';
import type { ClientFile } from '@agency/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { Pager, QueryView } from '../../../components/query-view';
import { useDeleteFile } from '../api/delete-file';
import { useFiles } from '../api/get-files';
import { useToastedCall } from '../../../lib/use-toasted-call';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A client's files; staff (who pass `clientId`) can also delete them. */
export function FilesPanel({ clientId }: { clientId?: number }) {
  const [page, setPage] = useState(1);
  const files = useFiles({ page, clientId });
  const deleteFile = useDeleteFile();
  const toasted = useToastedCall();
  const remove = (f: ClientFile) =>
    toasted(
      () => deleteFile.mutateAsync(f.id),
      { title: 'File deleted', description: f.name },
      { title: 'Delete failed', fallback: 'Could not delete the file' },
    );
  return (
    <QueryView query={files}>
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
    </QueryView>
  );
}
