import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Clears another account's second factors (the users panel's reset): it was the security API's only staff call. */
export const resetSecondFactor = (userId: number) => call(endpoints.resetSecondFactor, { params: { id: userId } });
