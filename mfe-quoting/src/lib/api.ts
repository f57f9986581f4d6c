import { http, type ResponseSchema } from '@agency/contracts/client';

/**
 * POSTs JSON with the site's one HTTP client (decision 0029) and returns the answer, checked against `schema`
 * when one is given; any failed call is an HttpError ("status: body", with the server's message kept apart).
 */
export const postJson = <T>(path: string, body: unknown, schema?: ResponseSchema<T>): Promise<T> =>
  http.post<T>(path, body, { schema });
