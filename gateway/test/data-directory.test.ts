import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const gatewayRoot = path.resolve(import.meta.dirname, '..');
let gateway: ChildProcess | undefined;
let root = '';
afterAll(async () => {
  gateway?.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
});

it(
  'makes its data directory private at start, and says where team code runs in its log and /readyz',
  { timeout: 120_000 },
  async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gateway-data-dir-'));
    // As another tool (the `remotes` CLI, an image's build step) leaves it, with the usual umask.
    await chmod(root, 0o755);
    gateway = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: gatewayRoot,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: root, LOG_LEVEL: 'info' },
    });
    const lines: Record<string, unknown>[] = [];
    let buffer = '';
    const sandboxSaid = new Promise<Record<string, unknown>>((resolve, reject) => {
      gateway!.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const line of parts) {
          const entry = JSON.parse(line) as Record<string, unknown>;
          lines.push(entry);
          const sandbox = lines.find((l) => l.msg === 'team code sandbox');
          if (sandbox && lines.some((l) => l.msg === 'listening')) resolve(sandbox);
        }
      });
      gateway!.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const said = await sandboxSaid;
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    // This host (root, namespaces allowed): team code runs, as nobody, in namespaces of its own.
    expect(said).toMatchObject({ level: 'info', runs: true, namespaces: 'privileged', uid: 65534 });
    const url = String(lines.find((l) => l.msg === 'listening')!.url).replace('localhost', '127.0.0.1');
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { teamCode: unknown };
    expect(ready.teamCode).toEqual({
      runs: true,
      namespaces: 'privileged',
      uid: 65534,
      summary: said.summary,
    });
  },
);
