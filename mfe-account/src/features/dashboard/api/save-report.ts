import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonthlyReportInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import { http } from '@agency/contracts/client';

export type ReportInput = z.output<typeof MonthlyReportInputSchema>;

/** Staff save a client's report for a month (saving a month again updates it). */
export const saveReport = ({ clientId, report }: { clientId: number; report: ReportInput }) =>
  http.post(`/api/admin/clients/${clientId}/reports`, report);

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
