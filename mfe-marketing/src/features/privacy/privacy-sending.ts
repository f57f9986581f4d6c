/**
 * What the privacy request page sends, and the check of its form: its own chunk, fetched when the visitor first
 * reaches the form or presses a button, so zod (the endpoints' schemas, the resolver) is not in the page's first
 * load (decision 0060's budget; decision 0110).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { endpoints, PrivacyRequestInputSchema, type PrivacyRequestInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** The request form's check: the payload's contracts schema, as the gateway checks it. */
export const check = zodResolver(PrivacyRequestInputSchema);

/** Asks for a copy, a correction or deletion: the gateway e-mails the address a link to confirm it. */
export const request = (body: PrivacyRequestInput) => call(endpoints.requestPrivacy, { body });

/** Confirms the request of an e-mailed link. */
export const confirm = (token: string) => call(endpoints.confirmPrivacy, { body: { token } });
