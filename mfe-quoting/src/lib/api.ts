import { http, isHttpError, type ResponseSchema } from '@agency/contracts/client';

/**
 * POSTs JSON with the site's one HTTP client (decision 0029) and returns the answer, checked against `schema`
 * when one is given; any failed call is an HttpError ("status: body", with the server's message kept apart).
 */
export const postJson = <T>(path: string, body: unknown, schema?: ResponseSchema<T>): Promise<T> =>
  http.post<T>(path, body, { schema });

/**
 * The server's own words when it refused for too many requests (429): they say when to come back, which a generic
 * "please try again" would contradict. Undefined for any other failure, so a form keeps its usual text.
 */
export const tooManyRequestsMessage = (error: unknown): string | undefined =>
  isHttpError(error) && error.status === 429 ? error.serverMessage : undefined;
