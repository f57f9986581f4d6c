import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, type ReportDraftInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff: a client's reports, drafts too, with what was fetched from Google (decision 0094). */
export const getClientReports = (clientId: number, page: number) =>
  call(endpoints.clientReports, { params: { clientId }, query: { page, pageSize: 12 } });

export const useClientReports = (clientId: number, page: number) =>
  useQuery({
    queryKey: ['reports', 'staff', clientId, page],
    queryFn: () => getClientReports(clientId, page),
    placeholderData: keepPreviousData,
  });

export const buildDraft = ({ clientId, month }: { clientId: number; month: string }) =>
  call(endpoints.buildDraft, { params: { clientId }, body: { month } });

export const saveDraft = ({ id, draft }: { id: number; draft: ReportDraftInput }) =>
  call(endpoints.saveDraft, { params: { id }, body: draft });

export const publishReport = (id: number) => call(endpoints.publishReport, { params: { id } });

// Every change here changes what the client's reports show: the reports queries are all read again.
export const useBuildDraft = () => useInvalidatingMutation(buildDraft, ['reports']);
export const useSaveDraft = () => useInvalidatingMutation(saveDraft, ['reports']);
export const usePublishReport = () => useInvalidatingMutation(publishReport, ['reports']);
