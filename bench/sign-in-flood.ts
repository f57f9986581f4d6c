/**
 * Sign-in under a distributed guessing flood (decision 0084), against the built gateway (run `pnpm build` first):
 * 80 clients send wrong passwords from 3,000 addresses, 5 tries each (X-Forwarded-For through TRUSTED_PROXIES, so the
 * per-address limit of 30 is never reached), each for a name of its own (so no account lock is reached either), while
 * the owner, a master admin, signs in again and again from browsers that signed in before (password, then a recovery
 * code; each browser from its own address). Prints the owner's share of complete sign-ins (target >= 99%), their
 * time, the flood's answers by status, and the host: CPU, cores, load average and who used the CPU.
 *   pnpm --filter @agency/bench sign-in [-- --clients 80 --addresses 3000 --tries 5 --owner-browsers 6]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startGateway, gatewayCli } from '@agency/gateway/testing';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { cliArgs } from './support/cli';
import { cpuBetween, formatShares, snapshot } from './support/host-cpu';
import { percentiles } from './support/timing';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    clients: { type: 'string', default: '80' },
    addresses: { type: 'string', default: '3000' },
    tries: { type: 'string', default: '5' },
    'owner-browsers': { type: 'string', default: '6' },
    'owner-pause-ms': { type: 'string', default: '250' },
  },
});
const CLIENTS = Number(values.clients);
const ADDRESSES = Number(values.addresses);
const TRIES = Number(values.tries);
const OWNER_BROWSERS = Number(values['owner-browsers']);
const OWNER_PAUSE_MS = Number(values['owner-pause-ms']);
/** Each owner browser's sign-ins: a password and a code each, within its address's 30 attempts per 15 minutes. */
const TRIES_PER_OWNER_BROWSER = 14;
const PASSWORD = 'Owner#Pass2026';
const run = promisify(execFile);

const cpu = cpus();
const host = `${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
console.log(`host: ${host}, load average ${load()} (1 / 5 / 15 min)`);

/** 10.x.y.z: the n-th address of the flood, or of the owner's browsers (from 10.200.0.0). */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One browser: its cookie jar and its address. */
class Browser {
  jar = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip: string,
  ) {}
  async post(path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        origin: this.base,
        'x-forwarded-for': this.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name = '', value = ''] = line.split(';')[0]!.split('=', 2);
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
}

const gateway = await startGateway(
  { LOG_LEVEL: 'error', TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1' },
  // A shared host can take a while to start it.
  { readyTimeoutMs: 120_000 },
);
try {
  await run(process.execPath, [gatewayCli('create-admin')], {
    env: { ...gateway.env, ADMIN_USERNAME: 'owner', ADMIN_EMAIL: 'owner@example.nz', ADMIN_PASSWORD: PASSWORD },
  });

  // The owner's first browser sets up the app (the first sign-in of a master admin) and keeps its recovery codes;
  // each other browser signs in once with a recovery code, so all of them hold a device cookie of the account.
  const browsers = Array.from({ length: OWNER_BROWSERS }, (_, i) => new Browser(gateway.url, address((200 << 16) + i)));
  let codes: string[] = [];
  {
    const first = browsers[0]!;
    await first.post('/api/login', { username: 'owner', password: PASSWORD });
    const setup = await first.post('/api/auth/totp/setup');
    const key = decodeBase32IgnorePadding((setup.json.secret as string).toUpperCase());
    const code = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000)), 6);
    const confirmed = await first.post('/api/auth/totp/confirm', { code });
    if (confirmed.status !== 200) throw new Error(`the owner's app was not confirmed: ${confirmed.status}`);
    codes = confirmed.json.recoveryCodes as string[];
  }
  /** A complete sign-in of `b`: the password, then a recovery code (new codes from the session when few are left). */
  async function signIn(b: Browser): Promise<boolean> {
    const password = await b.post('/api/login', { username: 'owner', password: PASSWORD });
    if (password.status !== 200 || password.json.secondFactor !== 'verify') return false;
    const code = await b.post('/api/auth/second-factor', { code: codes.shift() });
    if (code.status !== 200) return false;
    if (codes.length < 2) {
      const renewed = await b.post('/api/account/recovery-codes');
      if (renewed.status !== 200) throw new Error(`new recovery codes answered ${renewed.status}`);
      codes = renewed.json.recoveryCodes as string[];
    }
    return true;
  }
  for (const b of browsers.slice(1)) if (!(await signIn(b))) throw new Error('an owner browser could not sign in');

  // The flood: attempt k is address k mod ADDRESSES (each address's tries spread over the run), a name of its own.
  const total = ADDRESSES * TRIES;
  let next = 0;
  const flood = new Map<number, number>();
  const floodTimes: number[] = [];
  let flooding = true;
  const before = await snapshot();
  const started = performance.now();
  const workers = Array.from({ length: CLIENTS }, async () => {
    for (let k = next++; k < total; k = next++) {
      const t0 = performance.now();
      const res = await fetch(`${gateway.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gateway.url, 'x-forwarded-for': address(k % ADDRESSES) },
        body: JSON.stringify({ username: `guess${k}`, password: 'Wrong#Pass2026' }),
      });
      await res.arrayBuffer();
      floodTimes.push(performance.now() - t0);
      flood.set(res.status, (flood.get(res.status) ?? 0) + 1);
    }
  });
  const floodDone = Promise.all(workers).then(() => {
    flooding = false;
  });

  // The owner: one sign-in after another, browser by browser, while the flood lasts.
  const ownerTimes: number[] = [];
  let tries = 0;
  let succeeded = 0;
  const failures = new Map<string, number>();
  while (flooding && tries < OWNER_BROWSERS * TRIES_PER_OWNER_BROWSER) {
    const b = browsers[tries % OWNER_BROWSERS]!;
    const t0 = performance.now();
    tries++;
    const ok = await signIn(b).catch((error: unknown) => {
      failures.set(String(error), (failures.get(String(error)) ?? 0) + 1);
      return false;
    });
    ownerTimes.push(performance.now() - t0);
    if (ok) succeeded++;
    else failures.set('refused', (failures.get('refused') ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, OWNER_PAUSE_MS));
  }
  await floodDone;
  const seconds = (performance.now() - started) / 1000;
  const shares = cpuBetween(before, await snapshot(), { gateway: gateway.pid, bench: process.pid });

  const owner = percentiles(ownerTimes);
  const guesses = percentiles(floodTimes);
  const share = (100 * succeeded) / Math.max(1, tries);
  console.log(
    `flood: ${total} wrong passwords from ${ADDRESSES} addresses by ${CLIENTS} clients in ${seconds.toFixed(1)} s: ` +
      [...flood]
        .sort()
        .map(([status, count]) => `${status} x ${count}`)
        .join(', ') +
      `; answered in p50 ${guesses.p50.toFixed(0)} ms, p99 ${guesses.p99.toFixed(0)} ms`,
  );
  console.log(
    `owner: ${succeeded} of ${tries} complete sign-ins during the flood (${share.toFixed(1)}%, target >= 99%), ` +
      `each p50 ${owner.p50.toFixed(0)} ms, p99 ${owner.p99.toFixed(0)} ms, max ${owner.max.toFixed(0)} ms` +
      (failures.size ? `; failures: ${[...failures].map(([why, count]) => `${why} x ${count}`).join(', ')}` : ''),
  );
  console.log(`${formatShares(shares)}; load average after ${load()}`);
  if (share < 99) process.exitCode = 1;
} finally {
  await gateway.stop();
}
