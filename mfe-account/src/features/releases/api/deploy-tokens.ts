import { useQuery } from '@tanstack/react-query';
import { endpoints, type RemoteName } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Master admins: deploy tokens for the teams' pipelines (never the tokens themselves, which are shown once). */
export const useDeployTokens = () =>
  useQuery({ queryKey: ['deploy-tokens'], queryFn: () => call(endpoints.adminDeployTokens) });

export const createDeployToken = (body: { remote: RemoteName; label: string; expiresInDays: number }) =>
  call(endpoints.adminDeployTokenCreate, { body });
export const revokeDeployToken = (id: number) => call(endpoints.adminDeployTokenRevoke, { params: { id } });

export const useCreateDeployToken = () => useInvalidatingMutation(createDeployToken, ['deploy-tokens']);
export const useRevokeDeployToken = () =>
  useInvalidatingMutation(revokeDeployToken, ['deploy-tokens'], { afterFailureToo: true });
