import type { MetricsInput } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff record a client's latest figures per channel. */
export const saveMetrics = ({ clientId, metrics }: { clientId: number; metrics: MetricsInput }) =>
  http.post(`/api/admin/clients/${clientId}/metrics`, metrics);

export const useSaveMetrics = () => useInvalidatingMutation(saveMetrics, ['metrics']);
