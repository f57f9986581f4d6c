import { endpoints, type MetricsInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff record a client's latest figures per channel. */
export const saveMetrics = ({ clientId, metrics }: { clientId: number; metrics: MetricsInput }) =>
  call(endpoints.saveMetrics, { params: { clientId }, body: metrics });

export const useSaveMetrics = () => useInvalidatingMutation(saveMetrics, ['metrics']);
