import { isHttpError } from '@agency/contracts/client';

/**
 * The quoting remote's calls go through the one HTTP client with entries of the endpoint table (decision 0054):
 * `call(endpoints.websiteQuote, { body })` sends the body the entry takes and returns its answer parsed by the
 * entry's schema; `send` is for the forms that read only whether a lead was stored (leads-and-quoting §7). Any failed
 * call is an HttpError ("status: body", with the server's message kept apart).
 */
export { call, send } from '@agency/contracts/client';
export { endpoints } from '@agency/contracts';

/**
 * The server's own words when it refused for too many requests (429): they say when to come back, which a generic
 * "please try again" would contradict. Undefined for any other failure, so a form keeps its usual text.
 */
export const tooManyRequestsMessage = (error: unknown): string | undefined =>
  isHttpError(error) && error.status === 429 ? error.serverMessage : undefined;
