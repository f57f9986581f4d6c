import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, expect, it } from 'vitest';

const gatewayRoot = path.resolve(import.meta.dirname, '..');
let dataDir = '';
const children: ChildProcess[] = [];

/** One node process (no tsx wrapper), so SIGKILL hits the server itself. */
async function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SHUTDOWN_DRAIN_MS: '0',
      // The load comes "through a proxy" from many visitors, as the per-address lead limit expects of real traffic.
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(/"msg":"listening","url":"([^"]+)"/);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return { child, url };
}

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it(
  'keeps every acknowledged lead and an intact database when killed with SIGKILL mid-load',
  { timeout: 120_000 },
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-crash-'));
    const first = await start();
    const acknowledged: number[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.url}/api/contact-inquiry`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${w}.${i >> 8}.${i & 255}` },
            body: JSON.stringify({
              businessName: `Crash ${w}-${i}`,
              contactName: 'Load',
              contactEmail: `load${w}@example.nz`,
              servicesInterested: ['seo'],
            }),
          });
          const body = (await res.json()) as { id: number; message?: string };
          if (res.status === 201) acknowledged.push(body.id);
          else if (i === 0 && w === 0) console.warn('lead refused', res.status, body.message);
        } catch {
          return; // the server is gone: an unanswered request was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 20 }, (_, w) => worker(w));
    // Killed once the load is well under way (by what it has answered, not by the clock: a busy machine is slower).
    await expect.poll(() => acknowledged.length, { timeout: 40_000, interval: 20 }).toBeGreaterThan(40);
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = await start();
    // Its database answers (no remote was ever published here, so it is not ready to serve pages: readiness.test.ts).
    expect(await (await fetch(`${second.url}/readyz`)).json()).toMatchObject({ checks: { database: 'ok' } });
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    const db = createClient({ url: `file:${path.join(dataDir, 'agency.db')}` });
    const integrity = await db.execute('PRAGMA integrity_check');
    expect(integrity.rows[0]?.[0]).toBe('ok');
    const stored = new Set((await db.execute('SELECT id FROM contact_inquiries')).rows.map((r) => Number(r[0])));
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    db.close();
  },
);
