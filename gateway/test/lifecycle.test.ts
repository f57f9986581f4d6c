import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const gatewayRoot = path.resolve(import.meta.dirname, '..');

it('starts on a fresh data directory, logs JSON lines, and stops cleanly on SIGTERM', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-lifecycle-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry.msg === 'listening') resolve(String(entry.url));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
  try {
    const url = await listening;
    const ready = await fetch(`${url.replace('localhost', '127.0.0.1')}/readyz`);
    expect(ready.status).toBe(200);

    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['listening', 'request', 'shutting down', 'stopped']),
    );
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      method: 'GET',
      path: '/readyz',
      status: 200,
      reqId: expect.any(String),
    });
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
