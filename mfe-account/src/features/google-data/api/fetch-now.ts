import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Staff: fetch a client's last days from Google now, out of the nightly turn. */
export const fetchNow = (clientId: number) => call(endpoints.googleFetchNow, { params: { clientId } });

export const useFetchNow = () =>
  useInvalidatingMutation(fetchNow, (clientId) => ['google-figures', clientId], { afterFailureToo: true });
