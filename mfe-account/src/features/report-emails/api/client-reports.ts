import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** A client's latest reports, to choose the month to send. */
export const useClientReports = (clientId: number) =>
  useQuery({
    queryKey: ['report-emails', 'reports', clientId],
    queryFn: () => call(endpoints.reports, { query: { pageSize: 24, clientId } }),
  });
