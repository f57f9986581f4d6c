import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetricsInput } from '@agency/contracts';
import { http } from '@agency/contracts/client';

/** Staff record a client's latest figures per channel. */
export const saveMetrics = ({ clientId, metrics }: { clientId: number; metrics: MetricsInput }) =>
  http.post(`/api/admin/clients/${clientId}/metrics`, metrics);

export function useSaveMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMetrics,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['metrics'] }),
  });
}
