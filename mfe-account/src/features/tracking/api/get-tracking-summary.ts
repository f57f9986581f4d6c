import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Staff: server-side conversion delivery per ad platform over the last days, and the newest deliveries. */
export const getTrackingSummary = () => call(endpoints.trackingSummary);

// Deliveries change by the minute while the outbox retries; the dashboard's 10-minute freshness would hide that.
export const useTrackingSummary = () =>
  useQuery({ queryKey: ['tracking'], queryFn: getTrackingSummary, staleTime: 60_000 });
