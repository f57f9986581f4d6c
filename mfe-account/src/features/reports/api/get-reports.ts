import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** A client's monthly reports, newest first; staff name the client, a client reads their own. */
export interface ReportsQuery {
  pageSize: number;
  page?: number;
  clientId?: number;
}

export const getReports = ({ pageSize, page, clientId }: ReportsQuery) =>
  call(endpoints.reports, { query: { pageSize, page: page || undefined, clientId: clientId || undefined } });

export const useReports = (query: ReportsQuery) =>
  useQuery({
    queryKey: ['reports', query],
    queryFn: () => getReports(query),
    placeholderData: keepPreviousData,
  });
