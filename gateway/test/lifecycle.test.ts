import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startBucket } from '../testing/shared-services';

const gatewayRoot = path.resolve(import.meta.dirname, '..');

/** Starts the gateway from source, stops it with SIGTERM, and gives back what it wrote and how it ended. */
async function startAndStop(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-lifecycle-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
  });
  const out: string[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = out
        .join('')
        .split('\n')
        .find((l) => l.includes('"msg":"listening"'));
      if (line) resolve(String((JSON.parse(line) as { url: string }).url));
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
  try {
    const url = await listening;
    const ready = await fetch(`${url.replace('localhost', '127.0.0.1')}/readyz`);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const code = await exit;
    const text = out.join('');
    return { ready: ready.status, code, stderr, lines: text.split('\n').filter(Boolean) };
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

it('starts on a fresh data directory, logs JSON lines, and stops cleanly on SIGTERM', async () => {
  const run = await startAndStop({});
  expect(run.ready).toBe(200);
  expect(run.code).toBe(0);
  const lines = run.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'request', 'shutting down', 'stopped']));
  expect(lines.find((l) => l.msg === 'request')).toMatchObject({
    method: 'GET',
    path: '/readyz',
    status: 200,
    reqId: expect.any(String),
  });
});

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
});
