import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, pathOf } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export interface FilesQuery {
  page: number;
  clientId?: number;
}

/** A client's files (staff name the client; a client reads their own). */
export const getFiles = ({ page, clientId }: FilesQuery) =>
  call(endpoints.files, { query: { page, clientId: clientId || undefined } });

export const useFiles = (query: FilesQuery) =>
  useQuery({ queryKey: ['files', query], queryFn: () => getFiles(query), placeholderData: keepPreviousData });

/** A file's download: a plain link, so the browser saves it as it arrives (its name from the server). */
export const fileDownloadUrl = (id: number) => pathOf(endpoints.downloadFile, { id });
