import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { gatewayCli, type RunningGateway } from '@agency/gateway/testing';

const run = promisify(execFile);
export const BENCH_PASSWORD = 'Kahikatea#2025';

/** The cookie header a response sets, merged over the one sent. */
function cookiesOf(res: Response, before = ''): string {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [name = '', value = ''] = line.split(';')[0]!.split('=', 2);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The first code of an authenticator app holding `secret` (RFC 6238, base32 key). */
function codeOf(secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret.toUpperCase()), BigInt(Math.floor(Date.now() / 30_000)), 6);
}

/**
 * Signs a new staff account in once, through both steps: the password, then the authenticator app it sets up at its
 * first sign-in (every staff account must, decision 0061). The cookie header of the full session.
 */
export async function signInNewStaff(gateway: RunningGateway, username: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: gateway.url };
  const login = await fetch(`${gateway.url}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`signing in as ${username} answered ${login.status}`);
  let cookie = cookiesOf(login);
  const answer = (await login.json()) as { secondFactor?: 'verify' | 'enrol' };
  if (answer.secondFactor === undefined) return cookie;
  if (answer.secondFactor !== 'enrol') throw new Error(`${username} already has a second factor the bench lacks`);
  const setup = await fetch(`${gateway.url}/api/auth/totp/setup`, { method: 'POST', headers: { ...headers, cookie } });
  if (setup.status !== 200) throw new Error(`setting up ${username}'s app answered ${setup.status}`);
  cookie = cookiesOf(setup, cookie);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await fetch(`${gateway.url}/api/auth/totp/confirm`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ code: codeOf(secret) }),
  });
  if (confirm.status !== 200) throw new Error(`confirming ${username}'s app answered ${confirm.status}`);
  return cookiesOf(confirm, cookie);
}

/** Creates a master admin with the operator's CLI and signs in as them: the cookie header of the session. */
export async function signInOwner(gateway: RunningGateway, username = 'bench-owner'): Promise<string> {
  await run(process.execPath, [gatewayCli('create-admin')], {
    env: {
      ...gateway.env,
      ADMIN_USERNAME: username,
      ADMIN_EMAIL: `${username}@example.nz`,
      ADMIN_PASSWORD: BENCH_PASSWORD,
    },
  });
  return signInNewStaff(gateway, username);
}
