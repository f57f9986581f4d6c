import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gatewayCli, type RunningGateway } from '@agency/gateway/testing';

const run = promisify(execFile);
const PASSWORD = 'Kahikatea#2025';

/** Creates the master admin with the operator's CLI and signs in as them: the cookie header of the session. */
export async function signInOwner(gateway: RunningGateway): Promise<string> {
  await run(process.execPath, [gatewayCli('create-admin')], {
    env: { ...gateway.env, ADMIN_USERNAME: 'bench-owner', ADMIN_EMAIL: 'owner@example.nz', ADMIN_PASSWORD: PASSWORD },
  });
  const res = await fetch(`${gateway.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url },
    body: JSON.stringify({ username: 'bench-owner', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signing in as the owner answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** An authenticator app's current code for a base32 key (RFC 6238: HMAC-SHA1, 30-second steps, six digits). */
export function totpCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Signs a staff account in as a person does the first time (decision 0061): the password, then an authenticator app
 * set up and its first code confirmed. The session has then just proved a second factor, so the step-up endpoints
 * (the lead export) answer it. The cookie header of the session.
 */
export async function signInStaff(url: string, username: string, password = PASSWORD): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: url,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name = '', value = ''] = line.split(';')[0]!.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    if (!res.ok) throw new Error(`${route} for ${username} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const signedIn = await call('/api/login', { username, password });
  if (signedIn.secondFactor !== 'enrol') throw new Error(`${username} was expected to set up a second factor first`);
  const { secret } = (await call('/api/auth/totp/setup')) as { secret: string };
  await call('/api/auth/totp/confirm', { code: totpCode(secret) });
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
