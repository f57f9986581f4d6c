import { endpoints, type MonthlyReportInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

export type ReportInput = z.output<typeof MonthlyReportInputSchema>;

/** Staff save a client's report for a month (saving a month again updates it). */
export const saveReport = ({ clientId, report }: { clientId: number; report: ReportInput }) =>
  call(endpoints.saveReport, { params: { clientId }, body: report });

export const useSaveReport = () => useInvalidatingMutation(saveReport, ['reports']);
