import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startBucket } from '../testing/shared-services';
import { publishRemotes } from './site-process';

const gatewayRoot = path.resolve(import.meta.dirname, '..');

let child: ChildProcess | undefined;
let dataDir = '';
// In a hook, not a finally: a test that times out never reaches its finally, and its gateway would be left running.
afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Until `check` holds, looked at again on each new log line or every 50 ms. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

/** Starts the gateway from source, stops it with SIGTERM, and gives back what it wrote and how it ended. */
async function startAndStop(env: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-lifecycle-'));
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
  });
  const out: string[] = [];
  let stderr = '';
  gateway.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  gateway.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = out
        .join('')
        .split('\n')
        .find((l) => l.includes('"msg":"listening"'));
      if (line) resolve(String((JSON.parse(line) as { url: string }).url));
    };
    gateway.stdout.on('data', look);
    gateway.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
  try {
    const url = await listening;
    await fetch(`${url.replace('localhost', '127.0.0.1')}/readyz`);
    const exit = new Promise<number | null>((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    const code = await exit;
    const text = out.join('');
    return { code, stderr, lines: text.split('\n').filter(Boolean) };
  } finally {
    gateway.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

it(
  'starts on a fresh data directory saying what keeps it from serving, and on SIGTERM turns unready before it stops listening',
  { timeout: 300_000 },
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-lifecycle-'));
    const env = { DATA_DIR: dataDir };
    const gateway = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: gatewayRoot,
      // At debug: the probes' own request lines (at debug, decision 0088) show the order of the shutdown.
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', SHUTDOWN_DRAIN_MS: '3000', ...env },
    });
    child = gateway;
    const lines: Record<string, unknown>[] = [];
    let buffer = '';
    const listening = new Promise<string>((resolve, reject) => {
      gateway.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const line of parts) {
          const entry = JSON.parse(line) as Record<string, unknown>;
          lines.push(entry);
          if (entry.msg === 'listening') resolve(String(entry.url).replace('localhost', '127.0.0.1'));
        }
      });
      gateway.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const exit = new Promise<number | null>((resolve) => gateway.once('exit', resolve));
    const url = await listening;

    // A new data directory has no live remote: logged at start as an error naming them and the command.
    await until(() => lines.some((l) => l.msg === 'not ready'));
    const said = lines.find((l) => l.msg === 'not ready')!;
    expect(said).toMatchObject({ level: 'error', check: 'remotes' });
    expect(said.reason).toContain('No live version of marketing, quoting, account');
    expect(said.reason).toContain("'pnpm remotes publish-all'");
    const unready = await fetch(`${url}/readyz`);
    expect(unready.status).toBe(503);
    expect(unready.headers.get('retry-after')).toBe('5');
    expect(await unready.json()).toMatchObject({
      status: 'unavailable',
      message: expect.stringContaining('No live version of marketing, quoting, account'),
      checks: { database: 'ok', bucket: 'ok' },
    });

    // Filled as docs/operations.md says, while it runs: ready from its next request, and it says so.
    await publishRemotes(env, dataDir);
    // Ready from the next check that ends within its budget (2 s a dependency): on a busy two-core machine one may
    // not, and is asked again, as a load balancer does. What it said last is shown if it never becomes ready.
    let ready = await fetch(`${url}/readyz`);
    for (const deadline = Date.now() + 120_000; ready.status !== 200 && Date.now() < deadline;) {
      await ready.text();
      await new Promise((r) => setTimeout(r, 500));
      ready = await fetch(`${url}/readyz`);
    }
    const readyBody: unknown = await ready.json();
    expect({ status: ready.status, body: readyBody }).toMatchObject({ status: 200 });
    expect(readyBody).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', bucket: 'ok', remotes: 'ok' },
      teamCode: { runs: true },
    });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'ready again', check: 'remotes' }));

    // A request in flight: its body is half sent when the signal comes.
    const body = JSON.stringify({
      businessName: 'In flight Ltd',
      contactName: 'Rua',
      contactEmail: 'rua@example.nz',
      servicesInterested: ['seo'],
    });
    const { port } = new URL(url);
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/contact-inquiry',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 20));
    await until(() => lines.some((l) => l.msg === 'request' && l.path === '/readyz' && l.status === 200));

    gateway.kill('SIGTERM');
    await until(() => lines.some((l) => l.msg === 'shutting down'));
    // Still listening, no longer ready: the load balancer takes it out of rotation.
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ checks: { shutdown: 'The gateway is shutting down.' } });
    // Then the listener closes: no new connection is taken...
    await until(() => lines.some((l) => l.msg === 'closing the listener'));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // ...while the request in flight finishes, and is answered.
    inFlight.end(body.slice(20));
    expect(await answered).toBe(201);
    expect(await exit).toBe(0);

    const order = lines.map((l) => (l.msg === 'request' ? `${l.method} ${l.path} ${l.status}` : l.msg));
    const at = (entry: string) => order.indexOf(entry);
    const drained = order.lastIndexOf('GET /readyz 503');
    expect(at('shutting down')).toBeLessThan(drained);
    expect(drained).toBeLessThan(at('closing the listener'));
    expect(at('closing the listener')).toBeLessThan(at('POST /api/contact-inquiry 201'));
    expect(at('POST /api/contact-inquiry 201')).toBeLessThan(at('stopped'));
  },
);

// On Node 20 the AWS SDK wrote a nine-line plain-text notice of its coming end of support into the JSON log at every
// start with a bucket; on a supported Node nothing but JSON lines is written.
it('writes nothing but JSON log lines, and no runtime warning, when it starts with a bucket', async () => {
  const bucket = await startBucket();
  try {
    const run = await startAndStop(bucket.env);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    for (const line of run.lines) expect(() => JSON.parse(line), line).not.toThrow();
  } finally {
    await bucket.stop();
  }
}, 120_000);
