import type { Hono } from 'hono';
import { hashPassword } from '../src/auth/passwords';
import { users, type Db } from '../src/db';
import { fromPeer } from './helpers';

let browsers = 0;
/** A private address for each new browser (65,536 of them): every visitor has their own. */
const nextAddress = () => {
  browsers += 1;
  return `10.20.${Math.floor(browsers / 256) % 256}.${browsers % 256}`;
};

/**
 * A cookie jar over `app.request`, so a test can act as one browser (or several). Each browser connects from its own
 * address (as the client address limits see it), unless one is given.
 */
export function browser(app: Hono, origin?: string, address: string = nextAddress()) {
  const jar = new Map<string, string>();
  const peer = fromPeer(address);
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(
      path,
      {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...(origin ? { origin } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      peer,
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // Not a JSON answer (a download, CSV): tests read `text`.
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    jar,
    address,
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    patch: (path: string, body?: unknown) => request('PATCH', path, body),
    put: (path: string, body?: unknown) => request('PUT', path, body),
    del: (path: string) => request('DELETE', path),
  };
}

/** The password of every account tests make: it meets the password rules. */
export const TEST_PASSWORD = 'Kahikatea#2025';

/** An account with `role` stored through `db`, and a browser signed in as it. */
export async function signedIn(
  app: Hono,
  db: Db,
  role: 'client' | 'admin' | 'master_admin',
  username: string,
): Promise<{ b: ReturnType<typeof browser>; id: number; username: string }> {
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(TEST_PASSWORD), role })
    .returning({ id: users.id });
  const b = browser(app);
  const res = await b.post('/api/login', { username, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}`);
  return { b, id: row!.id, username };
}
