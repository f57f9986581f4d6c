import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import type { Hono } from 'hono';
import { defaultPublicConfig, findRoute, siteOfRemote } from '@agency/contracts';
import { hashPassword } from '../src/areas/accounts/passwords';
import { eq } from 'drizzle-orm';
import { sameUsername } from '../src/areas/accounts/identity';
import { stepAt, totpCode, totpFactorsOf } from '../src/areas/accounts/totp';
import { totpFactors, users, type Db } from '../src/platform/db';
import { fromPeer } from './peer';

let browsers = 0;
/** A private address for each new browser (65,536 of them): every visitor has their own. */
const nextAddress = () => {
  browsers += 1;
  return `10.20.${Math.floor(browsers / 256) % 256}.${browsers % 256}`;
};

/** The public site's and the portal's origins of each app a test made (setupApp registers them). */
const originsOf = new WeakMap<Hono, { publicOrigin: string; portalOrigin: string }>();
export const registerOrigins = (app: Hono, origins: { publicOrigin: string; portalOrigin: string }) =>
  originsOf.set(app, origins);

/**
 * Where a browser sends a request for `path` (decision 0077): the API and the portal's pages to the portal's origin,
 * where its pages call it from; every other page to the public site. An absolute URL goes where it says.
 */
export function siteUrl(app: Hono, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const { publicOrigin, portalOrigin } = originsOf.get(app) ?? defaultPublicConfig;
  const route = findRoute(path.split('?')[0]!);
  const portal = path.startsWith('/api/') || (route !== undefined && siteOfRemote(route.owner) === 'portal');
  return (portal ? portalOrigin : publicOrigin) + path;
}

/**
 * A cookie jar over `app.request`, so a test can act as one browser (or several). Each browser connects from its own
 * address (as the client address limits see it), unless one is given. Requests go to the origin `siteUrl` names; the
 * jar is one for both (the public site must ignore whatever the portal set).
 */
export function browser(app: Hono, origin?: string, address: string = nextAddress()) {
  const jar = new Map<string, string>();
  const peer = fromPeer(address);
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(
      siteUrl(app, path),
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

/**
 * An account with `role` stored through `db`, and a browser signed in as it. A staff account is given an
 * authenticator app (TEST_TOTP_KEY) and its sign-in completes the second step with a code.
 */
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
  if (role !== 'client') await totpFactorsOf(db).install(row!.id, TEST_TOTP_KEY);
  const b = browser(app);
  const res = await b.post('/api/login', { username, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}`);
  if (role !== 'client') await proveSecondFactor(b, db, row!.id);
  return { b, id: row!.id, username };
}

/** The authenticator-app key every staff account of `signedIn` is given (tests compute its codes). */
export const TEST_TOTP_KEY = new Uint8Array(Array.from({ length: 20 }, (_, i) => i + 1));

/**
 * A code of `key` no earlier code of the account has used: the codes are accepted once each, and a test may sign the
 * same account in several times within one 30-second step, so it takes the next step of the ±1 window.
 */
export async function freshCode(db: Db, userId: number, key: Uint8Array = TEST_TOTP_KEY): Promise<string> {
  const [row] = await db
    .select({ lastStep: totpFactors.lastStep })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  const now = stepAt(Date.now());
  // From the current step on: a code of the step before would fail if a new step began before the gateway checks it.
  const step = Math.max(now, (row?.lastStep ?? 0) + 1);
  // Every code of the window is used (a fourth sign-in within one step): a recovery code does it.
  if (step > now + 1) return (await totpFactorsOf(db).newRecoveryCodes(userId))![0]!;
  return totpCode(key, step);
}

/** Gives a staff account the test app (TEST_TOTP_KEY), so its sign-ins can complete their second step. */
export async function withTestApp(db: Db, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await totpFactorsOf(db).install(row!.id, TEST_TOTP_KEY);
  return row!.id;
}

/**
 * A sign-in through both steps: the password, then (when the answer asks for it) the app's next code. Answers the
 * last step's response, so a refusal of either is the caller's to see.
 */
export async function signInFully(b: ReturnType<typeof browser>, db: Db, username: string, password: string) {
  const res = await b.post('/api/login', { username, password });
  if (res.status !== 200 || !('secondFactor' in res.json)) return res;
  const [row] = await db.select({ id: users.id }).from(users).where(sameUsername(username));
  return b.post('/api/auth/second-factor', { code: await freshCode(db, row!.id) });
}

/** Completes a staff sign-in's second step (or a step-up) with the app's next code. */
export async function proveSecondFactor(b: ReturnType<typeof browser>, db: Db, userId: number) {
  const res = await b.post('/api/auth/second-factor', { code: await freshCode(db, userId) });
  if (res.status !== 200) throw new Error(`second factor answered ${res.status}: ${res.text}`);
  return res;
}

/** The key of a base32 secret as an app reads it (RFC 4648, no padding). */
export const fromBase32 = (text: string): Uint8Array => decodeBase32IgnorePadding(text.toUpperCase());
