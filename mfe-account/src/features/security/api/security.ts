import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';
import { registerPasskey } from '../../../lib/passkeys';

/** The Security panel's reads and writes (decision 0062). */
export const useSecurityOverview = () =>
  useQuery({ queryKey: ['security'], queryFn: () => call(endpoints.securityOverview) });
export const useAccountSessions = () =>
  useQuery({ queryKey: ['sessions'], queryFn: () => call(endpoints.accountSessions) });

export const useEndSession = () =>
  useInvalidatingMutation((id: string) => call(endpoints.endSession, { params: { id } }), ['sessions'], {
    afterFailureToo: true,
  });
export const useEndOtherSessions = () => useInvalidatingMutation(() => call(endpoints.endOtherSessions), ['sessions']);
export const useAddPasskey = () => useInvalidatingMutation((name: string) => registerPasskey(name), ['security']);
export const useRemovePasskey = () =>
  useInvalidatingMutation((id: string) => call(endpoints.removePasskey, { params: { id } }), ['security'], {
    afterFailureToo: true,
  });
export const useNewRecoveryCodes = () => useInvalidatingMutation(() => call(endpoints.newRecoveryCodes), ['security']);
export const useSecondStep = () =>
  useInvalidatingMutation((on: boolean) => call(endpoints.secondStep, { body: { on } }), ['security']);
