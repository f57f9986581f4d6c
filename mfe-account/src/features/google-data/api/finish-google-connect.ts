import { endpoints, type GoogleCallback } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** What Google sent back to the dashboard, handed to the gateway once: it checks the state and exchanges the code. */
export const finishGoogleConnect = (body: GoogleCallback) => call(endpoints.googleCallback, { body });
