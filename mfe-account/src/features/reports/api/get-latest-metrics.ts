import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** The signed-in client's latest headline figures per channel (null before staff record any). */
export const getLatestMetrics = () => call(endpoints.latestMetrics);

export const useLatestMetrics = () => useQuery({ queryKey: ['metrics', 'latest'], queryFn: getLatestMetrics });
