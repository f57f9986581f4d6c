import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REMOTE_NAMES } from '@agency/contracts';
import { hashPassword } from '../src/areas/accounts/passwords';
import { stepAt, totpCode, totpFactorsOf } from '../src/areas/accounts/totp';
import { createDb, migrateDb, migrationsFolder, users } from '../src/platform/db';
import { loadEnv } from '../src/platform/env';
import { openRemoteStore } from '../src/areas/releases/release-storage';
import { openObjectStores } from '../src/platform/storage/stores';
import { freePort, localFetch, portalOf } from '../testing/start-gateway';
import { TEST_PASSWORD, TEST_TOTP_KEY } from './auth-client';
import { fakeRemoteBuild, SHELL_HTML } from './helpers';

/**
 * A whole site as an operator runs it: the gateway as its own process (tsx over src/main.ts) on the environment it is
 * given, its operator commands (`remotes`, `backup`, `restore`) as processes too, and the things a site holds put in
 * through its HTTP API as staff would: what the outage and restore drills need.
 */
const run = promisify(execFile);
export const gatewayRoot = path.resolve(import.meta.dirname, '..');

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** Every JSON line it logged so far. */
  logs: Record<string, unknown>[];
  /** SIGTERM (or `signal`), and its exit code once it exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** A folder with the shell's built template, as each machine has its copy of the shell's build. */
export async function shellFolder(root: string): Promise<string> {
  const dir = path.join(root, 'shell');
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), SHELL_HTML);
  return dir;
}

/** Starts the gateway on `env`; resolves once it answers /healthz (ready or not). */
export async function startSite(env: Record<string, string>): Promise<SiteProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the gateway did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** An operator command (`remotes`, `backup`, `restore`) run as a person would, from `cwd`, with `env`. */
export async function command(
  env: Record<string, string>,
  name: string,
  args: string[],
  cwd = gatewayRoot,
): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', path.join(gatewayRoot, 'src/cli', `${name}.ts`), ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
  });
}

/**
 * Publishes a small build of every remote into the site's database and object store, as `remotes publish` does (in
 * this process: the CLI's own path is tested in remotes-cli.test.ts); returns each remote's live version.
 */
export async function publishRemotes(env: Record<string, string>, root: string): Promise<Record<string, string>> {
  const config = loadEnv(env);
  const database = createDb(config.databaseUrl);
  try {
    await migrateDb(database.db, migrationsFolder);
    const store = openRemoteStore(database.db, openObjectStores(config.objectStore).remotes, 'cli');
    const versions: Record<string, string> = {};
    // Stand-in builds, which the pre-flight checks would refuse: published as the operator's --skip-checks.
    for (const remote of REMOTE_NAMES)
      versions[remote] = (
        await store.publish(remote, await fakeRemoteBuild(root, `${remote}-${Date.now()}`), { checks: 'skip' })
      ).version;
    return versions;
  } finally {
    database.close();
  }
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A second of silence as a WAV file: audio whose type the gateway reads from its bytes. */
function wav(): Buffer {
  const data = Buffer.alloc(8000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const SEEDED = { image: PNG, file: PDF, audio: wav() };

const cookieOf = (res: { headers: Headers }) => res.headers.getSetCookie()[0]!.split(';')[0]!;

async function postJson(url: string, body: unknown, cookie?: string) {
  return localFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * Signs in through the API on the portal's origin of the gateway at `url` (with the authenticator's code for staff):
 * the session cookie, which only the portal's origin honours.
 */
export async function signIn(url: string, username: string): Promise<string> {
  const portal = portalOf(url);
  const res = await postJson(`${portal}/api/login`, { username, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  const cookie = cookieOf(res);
  if (!('secondFactor' in ((await res.json()) as object))) return cookie;
  const proved = await postJson(
    `${portal}/api/auth/second-factor`,
    { code: totpCode(TEST_TOTP_KEY, stepAt(Date.now())) },
    cookie,
  );
  if (proved.status !== 200) throw new Error(`second factor of ${username} answered ${proved.status}`);
  return cookieOf(proved);
}

export interface SeededSite {
  /** A published blog post with a cover image: its page, and the image's address. */
  postPath: string;
  imageUrl: string;
  /** A file staff sent to a client, downloaded at this API path of the portal's origin with the client's session. */
  fileDownload: string;
  /** The Real Talk audio staff uploaded, at this address. */
  audioUrl: string;
  /** The client who was sent the file. */
  client: string;
}

/**
 * What a site holds besides its code, put in as people would: a staff account (made in the database, as
 * `create-admin` does, with an authenticator), a client who registered, a content image used as a blog post's cover,
 * a file sent to the client, and the Real Talk audio.
 */
export async function seedSite(url: string, databaseUrl: string): Promise<SeededSite> {
  const database = createDb(databaseUrl);
  try {
    const [row] = await database.db
      .insert(users)
      .values({
        username: 'site-staff',
        email: 'site-staff@example.nz',
        password: await hashPassword(TEST_PASSWORD),
        role: 'admin',
      })
      .returning({ id: users.id });
    await totpFactorsOf(database.db).install(row!.id, TEST_TOTP_KEY);
  } finally {
    database.close();
  }
  // Accounts and staff work are the portal's (decision 0077); the site's pages and files stay on `url`.
  const portal = portalOf(url);
  const registered = await postJson(`${portal}/api/register`, {
    username: 'site-client',
    email: 'site-client@example.nz',
    password: TEST_PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  const clientId = ((await registered.json()) as { id: number }).id;
  const staff = await signIn(url, 'site-staff');
  const upload = (to: string, body: Buffer, type: string) =>
    localFetch(`${portal}${to}`, { method: 'POST', headers: { 'content-type': type, cookie: staff }, body });

  const image = await upload('/api/admin/content-images', PNG, 'image/png');
  if (image.status !== 201) throw new Error(`image upload answered ${image.status}`);
  const { url: imageUrl } = (await image.json()) as { url: string };
  const post = await postJson(
    `${portal}/api/admin/blog-posts`,
    {
      title: 'Backed up and back',
      slug: 'backed-up-and-back',
      excerpt: 'A post whose cover must survive a restore.',
      body: '## Still here\n\nAfter a restore.',
      imageUrl,
      imageAlt: 'A grey pixel',
      category: 'Local Business',
      status: 'published',
    },
    staff,
  );
  if (post.status !== 201) throw new Error(`blog post answered ${post.status}: ${await post.text()}`);
  const file = await upload(`/api/admin/clients/${clientId}/files?name=plan.pdf`, PDF, 'application/octet-stream');
  if (file.status !== 201) throw new Error(`file upload answered ${file.status}`);
  const { id: fileId } = (await file.json()) as { id: number };
  const audio = await upload('/api/admin/real-talk-audio', SEEDED.audio, 'application/octet-stream');
  if (audio.status !== 201 && audio.status !== 200) throw new Error(`audio upload answered ${audio.status}`);
  const { url: audioUrl } = (await audio.json()) as { url: string };
  return {
    postPath: '/blog/backed-up-and-back',
    imageUrl,
    fileDownload: `/api/files/${fileId}/download`,
    audioUrl,
    client: 'site-client',
  };
}
