import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSqld, type LibsqlServer } from '../../../testing/shared-services';
import { SHELL_HTML } from '../../../test/helpers';

/**
 * The outbox on a fleet (decision 0087): two gateway processes on one libSQL server (sqld), one SMTP server that
 * refuses every message for a while and then accepts. Every message must arrive exactly once, while both gateways
 * keep running: retried on their backoff (short here, through the OUTBOX_* settings), each try claimed by one of them.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const LEADS_PER_GATEWAY = 6;

let root = '';
let sqld: LibsqlServer;
const children: ChildProcess[] = [];
const urls: string[] = [];
const logs: Record<string, unknown>[][] = [[], []];
const received: { to: string[]; subject: string }[] = [];
const smtp = { refusals: 0, down: false };
let smtpServer: SMTPServer;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startSmtp(): Promise<string> {
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A relay that is down for maintenance: a temporary refusal of every recipient until it is back.
    onRcptTo(_address, _session, callback) {
      if (smtp.down) {
        smtp.refusals++;
        return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${(smtpServer.server.address() as AddressInfo).port}`;
}

async function startGateway(index: number, smtpUrl: string): Promise<string> {
  const port = await freePort();
  const shellDir = path.join(root, `shell-${index}`);
  await mkdir(shellDir, { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), SHELL_HTML);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: 'http://agency.test',
      DATA_DIR: path.join(root, `data-${index}`),
      DATABASE_URL: sqld.url,
      SHELL_DIR: shellDir,
      SMTP_URL: smtpUrl,
      NOTIFY_EMAIL: 'leads@agency.test',
      OUTBOX_FIRST_RETRY_SECONDS: '0.2',
      OUTBOX_MAX_RETRY_SECONDS: '1',
      OUTBOX_POLL_SECONDS: '0.2',
      OUTBOX_MAX_TRIES: '100',
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs[index]!.push(JSON.parse(line) as Record<string, unknown>);
  });
  // Live, not ready: no remote is published here, and leads need none.
  // A start compiles the gateway with tsx and migrates the database: minutes on a busy two-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway ${index} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    if (Date.now() > deadline) throw new Error(`gateway ${index} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'outbox-fleet-'));
  sqld = await startSqld();
  const smtpUrl = await startSmtp();
  // One after the other: the first applies the migrations.
  urls.push(await startGateway(0, smtpUrl));
  urls.push(await startGateway(1, smtpUrl));
}, 660_000);

afterAll(async () => {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await new Promise<void>((r) => smtpServer?.close(() => r()));
  await sqld?.stop();
  await rm(root, { recursive: true, force: true });
});

async function outboxRows() {
  const db = createClient({ url: sqld.url });
  try {
    const { rows } = await db.execute(
      'SELECT id, "to", subject, status, attempts FROM outbox WHERE channel = \'email\'',
    );
    return rows.map(
      (r) => ({ ...r }) as unknown as { id: number; to: string; subject: string; status: string; attempts: number },
    );
  } finally {
    db.close();
  }
}

it('delivers every message exactly once after an SMTP outage, with two gateways running and neither restarted', async () => {
  // The relay goes down now, and stays down until both gateways have seen it refuse (an outage of some seconds here,
  // with the retries shortened to match, where production's first retry waits 30 s).
  smtp.down = true;
  const answers = await Promise.all(
    Array.from({ length: LEADS_PER_GATEWAY * 2 }, (_, n) =>
      fetch(`${urls[n % 2]!}/api/contact-inquiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n + 1}` },
        body: JSON.stringify({
          businessName: `Fleet ${n} Ltd`,
          contactName: 'Aroha',
          contactEmail: `aroha${n}@example.nz`,
          servicesInterested: ['seo'],
        }),
      }),
    ),
  );
  expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
  const failedOn = (lines: Record<string, unknown>[]) => lines.some((l) => l.msg === 'outbox delivery failed');
  const outage = Date.now() + 120_000;
  while (!logs.every(failedOn) && Date.now() < outage) await new Promise((r) => setTimeout(r, 50));
  smtp.down = false;

  // Every stored message is sent, in the end (no fixed wait: the rows' state is what is waited on).
  const deadline = Date.now() + 90_000;
  let rows = await outboxRows();
  while (rows.some((r) => r.status !== 'sent') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    rows = await outboxRows();
  }
  expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
  // A notification to the team and a confirmation to the visitor per lead.
  expect(rows.length).toBeGreaterThanOrEqual(LEADS_PER_GATEWAY * 2 * 2);

  // The relay refused while it was down, and messages needed more than one try.
  expect(smtp.refusals).toBeGreaterThan(0);
  expect(rows.some((r) => Number(r.attempts) > 1)).toBe(true);
  // Both gateways were delivering (each tried the mail of its own leads at once, and failed).
  for (const lines of logs) expect(failedOn(lines)).toBe(true);

  // Exactly once: each stored message was received once, and nothing else was.
  const key = (to: string, subject: string) => `${to.toLowerCase()} | ${subject}`;
  const got = received.map((m) => key(m.to.join(','), m.subject)).sort();
  const stored = rows.map((r) => key(r.to, r.subject)).sort();
  expect(got).toEqual(stored);
  expect(new Set(got).size).toBe(got.length);

  // Neither gateway was restarted.
  for (const child of children) expect(child.exitCode).toBeNull();
}, 180_000);
