import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export { chromiumArgs, chromiumPath } from './chromium';
export { parseCsv } from './parse-csv';
export { readZip } from './read-zip';
export { localFetch, portalOf } from './local-fetch';
export { holidayCalendar } from '../src/platform/calendar/nz-holidays';

const run = promisify(execFile);
/** The built gateway (`pnpm build`): what end-to-end tests and benchmarks run, as production does. */
const gatewayDist = path.resolve(import.meta.dirname, '../dist');

/** A built operator command of the gateway (`remotes`, `create-admin`, `seed-demo`, `backup`). */
export const gatewayCli = (name: string) => path.join(gatewayDist, 'cli', `${name}.js`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningGateway {
  /** The public site's origin. */
  url: string;
  /** The portal's origin (decision 0077): `http://portal.localhost:<port>`, served by the same process. */
  portalUrl: string;
  /** The gateway's process id (benchmarks read its memory and signal it). */
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs the built `remotes` operator CLI against this gateway's store. */
  remotes: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * A real gateway process serving the production builds, with its own data directory (database and remote
 * store), so tests that deploy or roll back never touch another test's state.
 */
export async function startGateway(
  extraEnv: Record<string, string> = {},
  {
    readyTimeoutMs = 120_000,
    hostname = '127.0.0.1',
    portalHostname = 'portal.localhost',
    onLog,
  }: {
    /**
     * How long to wait for /readyz, a hang guard: a gateway starts in seconds, but minutes on a busy two-core machine,
     * and a benchmark's grown database starts slower still (migrations, its posts' renders).
     */
    readyTimeoutMs?: number;
    /** The host name of its public origin. It still listens on 127.0.0.1. */
    hostname?: string;
    /**
     * The host name of the portal's origin: `portal.localhost` unless a test needs another (passkeys need a name:
     * WebAuthn takes the portal's host name as the relying party's id, and an IP address cannot be one).
     */
    portalHostname?: string;
    /** Each line the gateway logs (its standard output), instead of passing them through to this process's. */
    onLog?: (line: string) => void;
  } = {},
): Promise<RunningGateway> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-e2e-'));
  const port = await freePort();
  const url = `http://${hostname}:${port}`;
  const portalUrl = `http://${portalHostname}:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: url,
    PORTAL_ORIGIN: portalUrl,
    LOG_LEVEL: 'warn',
    // Stopped at once: no load balancer needs time to notice (SHUTDOWN_DRAIN_MS, decision 0086).
    SHUTDOWN_DRAIN_MS: '0',
    // Production's 2 s guards against a hung render; on a test machine with both cores busy a healthy first render
    // (a fresh render process loading a remote) can take longer, and the page would fall back to the client's render.
    // Tests of the deadline set their own.
    SERVER_RENDER_DEADLINE_MS: '20000',
    ...extraEnv,
  };
  const remotes = async (...args: string[]) =>
    (await run(process.execPath, [gatewayCli('remotes'), ...args], { env })).stdout;
  // The builds `pnpm build` published, and checked, into its own store: checking them again for every gateway a
  // test starts would only repeat those renders (decision 0075).
  await remotes('publish-all', '--skip-checks');

  const child: ChildProcess = spawn(process.execPath, [path.join(gatewayDist, 'main.js')], {
    env,
    stdio: ['ignore', onLog ? 'pipe' : 'inherit', 'inherit'],
  });
  if (onLog && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) onLog(line);
    });
  }
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('gateway did not become ready');
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    portalUrl,
    pid: child.pid!,
    dataDir,
    env,
    remotes,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
