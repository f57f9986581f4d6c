import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MonthlyReportSchema, pageOf } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const ReportsPageSchema = pageOf(MonthlyReportSchema);

/** A client's monthly reports, newest first; staff name the client, a client reads their own. */
export interface ReportsQuery {
  pageSize: number;
  page?: number;
  clientId?: number;
}

export const getReports = ({ pageSize, page, clientId }: ReportsQuery) =>
  http.get(
    `/api/reports?pageSize=${pageSize}${page ? `&page=${page}` : ''}${clientId ? `&clientId=${clientId}` : ''}`,
    { schema: ReportsPageSchema },
  );

export const useReports = (query: ReportsQuery) =>
  useQuery({
    queryKey: ['reports', query],
    queryFn: () => getReports(query),
    placeholderData: keepPreviousData,
  });
