import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MetricsSchema } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const LatestMetricsSchema = z.object({ metrics: MetricsSchema.nullable() });

/** The signed-in client's latest headline figures per channel (null before staff record any). */
export const getLatestMetrics = () => http.get('/api/metrics/latest', { schema: LatestMetricsSchema });

export const useLatestMetrics = () => useQuery({ queryKey: ['metrics', 'latest'], queryFn: getLatestMetrics });
