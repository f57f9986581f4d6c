import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** A report's e-mails: to whom, why, when, and whether their links were opened. */
export const getReportSends = (reportId: number) => call(endpoints.reportSends, { params: { id: reportId } });

export const useReportSends = (reportId: number) =>
  useQuery({ queryKey: ['report-sends', reportId], queryFn: () => getReportSends(reportId) });

/** Sends a report now to its schedule's recipients, or as a test to the signed-in staff member. */
export const sendReport = ({ reportId, to }: { reportId: number; to: 'recipients' | 'me' }) =>
  call(endpoints.sendReport, { params: { id: reportId }, body: { to } });

export const useSendReport = () => useInvalidatingMutation(sendReport, ({ reportId }) => ['report-sends', reportId]);
