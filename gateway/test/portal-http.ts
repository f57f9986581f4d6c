import { localFetch, portalOf } from '../testing/local-fetch';

/**
 * A JSON POST over real HTTP to a gateway listening at `origin`, asked for as the portal (decision 0077: the account
 * API answers only on the portal's host, which a loopback address is not).
 */
export async function portalPost(origin: string, path: string, body: unknown, cookie = '') {
  const res = await localFetch(new URL(path, portalOf(origin)).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: Record<string, string> },
  };
}
