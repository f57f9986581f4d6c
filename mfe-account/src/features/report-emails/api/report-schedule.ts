import { useQuery } from '@tanstack/react-query';
import { endpoints, type ReportScheduleInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** A client's report e-mail schedule (a default, off, when none is saved). */
export const getReportSchedule = (clientId: number) => call(endpoints.reportSchedule, { params: { clientId } });

export const useReportSchedule = (clientId: number) =>
  useQuery({ queryKey: ['report-schedule', clientId], queryFn: () => getReportSchedule(clientId) });

export const saveReportSchedule = ({ clientId, input }: { clientId: number; input: ReportScheduleInput }) =>
  call(endpoints.saveReportSchedule, { params: { clientId }, body: input });

export const useSaveReportSchedule = () =>
  useInvalidatingMutation(saveReportSchedule, ({ clientId }) => ['report-schedule', clientId]);
