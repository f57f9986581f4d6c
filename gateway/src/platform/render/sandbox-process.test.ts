import { describe, expect, it } from 'vitest';
import { sandboxHost, SANDBOX_UID, startSandboxed, type SandboxExit } from './sandbox-process';

/**
 * The launcher team code runs through (decision 0073), on this host: root with namespaces allowed, as the
 * production image is. What the process sees of itself shows each wall on its own, beside the permission model.
 */
async function runProgram(source: string, opts: { heapMb?: number; env?: Record<string, string> } = {}) {
  const host = await sandboxHost('namespaces');
  const messages: unknown[] = [];
  const breaches: string[] = [];
  const child = startSandboxed(host, {
    source,
    heapMb: opts.heapMb ?? 64,
    env: opts.env ?? { NODE_ENV: 'test' },
    maxMessageBytes: 1024,
    onMessage: (m) => messages.push(m),
    onBreach: (what) => {
      breaches.push(what);
      child.kill();
    },
  });
  // The child's pipes do not hold a process open; a test waits on a timer of its own.
  const keep = setInterval(() => undefined, 1000);
  const exit: SandboxExit = await child.exited.finally(() => clearInterval(keep));
  return { exit, messages, breaches, child };
}

const IDENTITY = `
import os from 'node:os';
import fs from 'node:fs';
import { connect } from 'node:net';
let read = 'read';
try { fs.readFileSync('/etc/hostname'); } catch (e) { read = e.code; }
let net = 'connected';
await new Promise((resolve) => {
  try {
    const s = connect(1, '127.0.0.1');
    s.on('error', (e) => { net = e.code; resolve(); });
    s.on('connect', resolve);
  } catch (e) { net = e.code; resolve(); }
});
process.stdout.write(JSON.stringify({
  uid: process.getuid(), gid: process.getgid(), groups: process.getgroups(), pid: process.pid,
  env: process.env, interfaces: Object.keys(os.networkInterfaces()), read, net, cwd: process.cwd(),
}) + '\\n');
`;

describe('a sandboxed process on this host', () => {
  it('runs as nobody, in namespaces of its own, with only the environment it is given', async () => {
    const host = await sandboxHost('namespaces');
    expect(host).toMatchObject({ runs: true, namespaces: 'privileged', uid: SANDBOX_UID });
    const { exit, messages } = await runProgram(IDENTITY, { env: { NODE_ENV: 'test' } });
    expect(exit.code).toBe(0);
    expect(messages).toEqual([
      {
        uid: SANDBOX_UID,
        gid: SANDBOX_UID,
        // Node counts the effective group among them: no supplementary group is left.
        groups: [SANDBOX_UID],
        // The first process of its own process-id namespace: no other process (the gateway) is in sight.
        pid: 1,
        env: { NODE_ENV: 'test' },
        // Its network namespace has no interface up.
        interfaces: [],
        read: 'ERR_ACCESS_DENIED',
        net: 'ERR_ACCESS_DENIED',
        cwd: '/',
      },
    ]);
  });

  it('holds no descriptor of the gateway’s but its three pipes', async () => {
    const { messages } = await runProgram(`
      const fs = await import('node:fs');
      const open = [];
      for (let fd = 3; fd < 1024; fd++) { try { if (fs.fstatSync(fd).isFile()) open.push(fd); } catch {} }
      process.stdout.write(JSON.stringify({ files: open }) + '\\n');
    `);
    expect(messages).toEqual([{ files: [] }]);
  });

  it('is ended by kill(), and its heap-limit death is told apart from other exits', async () => {
    const looping = await (async () => {
      const host = await sandboxHost('namespaces');
      const child = startSandboxed(host, {
        source: `process.stdout.write('{"started":true}\\n'); for (;;) {}`,
        heapMb: 64,
        maxMessageBytes: 1024,
        onMessage: () => child.kill(),
        onBreach: () => undefined,
      });
      const keep = setInterval(() => undefined, 1000);
      return child.exited.finally(() => clearInterval(keep));
    })();
    expect(looping).toMatchObject({ signal: 'SIGKILL', outOfMemory: false });

    const hungry = await runProgram(
      `const hoard = []; for (let i = 0; ; i++) hoard.push(new Array(1_000_000).fill(i));`,
      { heapMb: 32 },
    );
    expect(hungry.exit.outOfMemory).toBe(true);
    const exiting = await runProgram(`process.exit(3)`);
    expect(exiting.exit).toMatchObject({ code: 3, outOfMemory: false });
  });

  it('is killed when it writes what is not a message, or more than it may', async () => {
    const garbage = await runProgram(`process.stdout.write('not json\\n'); setInterval(() => {}, 1000);`);
    expect(garbage.breaches).toEqual(['a line that is not JSON']);
    expect(garbage.exit.signal).toBe('SIGKILL');
    const flood = await runProgram(`process.stdout.write('x'.repeat(100_000)); setInterval(() => {}, 1000);`);
    expect(flood.breaches).toEqual(['a message over the size limit']);
  });
});
