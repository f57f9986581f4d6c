import { useState } from 'react';
import type { ClientFile } from '@agency/contracts';
import { ConfirmButton } from '../../components/confirm-button';
import { ItemRow, rowActionClass } from '../../components/item-row';
import { Pager, QueryView } from '../../components/query-view';
import { useDeleteFile } from './api/delete-file';
import { fileDownloadUrl, useFiles } from './api/get-files';
import { useToastedCall } from '../../lib/use-toasted-call';

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
                <ItemRow
                  key={f.id}
                  name={f.name}
                  detail={`${size(f.size)} · ${new Date(f.uploadedAt).toLocaleDateString('en-NZ')}`}
                >
                  <a href={fileDownloadUrl(f.id)} download={f.name} className={rowActionClass}>
                    Download <span className="sr-only">{f.name}</span>
                  </a>
                  {clientId && <ConfirmButton label="Delete" name={f.name} onConfirm={() => remove(f)} />}
                </ItemRow>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )
      }
    </QueryView>
  );
}
