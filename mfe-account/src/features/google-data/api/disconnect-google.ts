import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff disconnect a client's Google data: the grant is revoked at Google and the connection removed. */
export const disconnectGoogle = (clientId: number) => call(endpoints.googleDisconnect, { params: { clientId } });

export const useDisconnectGoogle = () => useInvalidatingMutation(disconnectGoogle, (clientId) => ['google', clientId]);
