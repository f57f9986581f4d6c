/**
 * Gateway throughput beside a bare Hono hello-world, same machine, same run (run `pnpm build` first):
 *   1. bare Hono GET /                       (the ceiling: Hono on @hono/node-server, no middleware)
 *   2. gateway GET /api/auth/user            (a signed-in client: cookie, session lookup in libSQL, user row)
 *   3. the same without a cookie             (every middleware, no database: the ceiling for run 2; answers 401)
 *   4. gateway POST /api/contact-inquiry     (validated lead, one insert, then the rows are counted)
 * Prints requests/s, p50/p99 and the ratios against the targets (session read >= 0.6x the same request without a
 * cookie, decision 0039; lead POST >= 2,000 req/s with p99 < 50 ms; rows stored == 2xx answered), with the host.
 * Figures only: it never fails on speed.
 *   pnpm --filter @agency/bench gateway [-- --connections 50 --seconds 10]
 */
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { freePort, startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { LEAD_LOAD_ENV, leadLoad, reportLeadIntegrity } from './support/lead-load';
import { load, printFigures } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: { connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

async function startBareHono() {
  const port = await freePort();
  const child = fork(new URL('./support/hello-hono.mjs', import.meta.url), [String(port)], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`hello-hono exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/** A client account and its session cookie, made the way a visitor would (register signs in). */
async function signedInCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'benchclient', email: 'bench-client@example.nz', password: 'Kahikatea#2025' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (res.status !== 201 || !cookie) throw new Error(`register answered ${res.status} without a session cookie`);
  const check = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`the session cookie was not accepted (${check.status})`);
  return cookie;
}

const bare = await startBareHono();
const gateway = await startGateway({ LOG_LEVEL: 'error', ...LEAD_LOAD_ENV });
try {
  const cookie = await signedInCookie(gateway.url);
  // A short warm-up so neither side is measured while the JIT is still cold.
  await load('warm-up', bare.url, { connections: 10, seconds: 2 });
  await load('warm-up', `${gateway.url}/api/auth/user`, { connections: 10, seconds: 2 }, { headers: { cookie } });

  const hello = await load('bare Hono GET /', bare.url, options);
  const session = await load('gateway GET /api/auth/user', `${gateway.url}/api/auth/user`, options, {
    headers: { cookie },
  });
  const anonymous = await load('  same, no cookie (401)', `${gateway.url}/api/auth/user`, options);
  const leads = await leadLoad(gateway.url, gateway.dataDir, options);

  const cpu = cpus();
  console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`);
  console.log(`${options.connections} connections, ${options.seconds} s each`);
  printFigures([hello, session, anonymous, leads]);
  const ratio = session.rps / anonymous.rps;
  console.log(
    `  session read / same without a cookie = ${ratio.toFixed(2)}   (target >= 0.60: ${ratio >= 0.6 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  session read / bare Hono = ${(session.rps / hello.rps).toFixed(2)}; no cookie / bare Hono = ${(anonymous.rps / hello.rps).toFixed(2)}`,
  );
  const leadsMet = leads.rps >= 2000 && leads.p99 < 50;
  console.log(
    `  lead POST ${leads.rps.toFixed(0)} req/s, p99 ${leads.p99} ms   (target >= 2000 req/s, p99 < 50 ms: ${leadsMet ? 'met' : 'NOT met'})`,
  );
  if (session.non2xx > 0) console.error(`  ${session.non2xx} session reads were not 2xx`);
  if (!reportLeadIntegrity(leads, options.connections) || session.non2xx > 0) process.exitCode = 1;
} finally {
  bare.stop();
  await gateway.stop();
}
