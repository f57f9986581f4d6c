import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** E-mails and webhook notices that did not go through (decision 0087), refreshed each minute while shown. */
export const useFailedMessages = () =>
  useQuery({
    queryKey: ['outbox', 'failed'],
    queryFn: () => call(endpoints.failedMessages),
    refetchInterval: 60_000,
  });

export const useRetryMessage = () =>
  useInvalidatingMutation((id: number) => call(endpoints.retryMessage, { params: { id } }), ['outbox']);
