import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ClientFileSchema, pageOf } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const FilesPageSchema = pageOf(ClientFileSchema);

export interface FilesQuery {
  page: number;
  clientId?: number;
}

/** A client's files (staff name the client; a client reads their own). */
export const getFiles = ({ page, clientId }: FilesQuery) =>
  http.get(`/api/files?page=${page}${clientId ? `&clientId=${clientId}` : ''}`, { schema: FilesPageSchema });

export const useFiles = (query: FilesQuery) =>
  useQuery({ queryKey: ['files', query], queryFn: () => getFiles(query), placeholderData: keepPreviousData });
