import { endpoints, type GoogleSourcesInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff choose the client's GA4 property and Search Console site among the grant's. */
export const saveGoogleSources = ({ clientId, sources }: { clientId: number; sources: GoogleSourcesInput }) =>
  call(endpoints.saveGoogleSources, { params: { clientId }, body: sources });

export const useSaveGoogleSources = () =>
  useInvalidatingMutation(saveGoogleSources, ({ clientId }) => ['google', clientId]);
