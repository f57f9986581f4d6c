import { sql } from 'drizzle-orm';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import { registerOrigins, siteUrl } from './auth-client';
import { createMarkdown } from '../src/areas/content/markdown';
import { renderPostsAtStart } from '../src/areas/content/renders';
import { seedContent } from '../src/areas/content/seed';
import { createDb, migrateDb, migrationsFolder, type Db } from '../src/platform/db';
import { openMessaging } from '../src/platform/messaging';
import { loadEnv, type Env } from '../src/platform/env';
import type { Hono } from 'hono';
import { createLogger, type Logger } from '../src/platform/logger';
import { openRemoteStore, releaseStorage } from '../src/areas/releases/release-storage';
import type { RemoteStore } from '../src/areas/releases/remote-store';
import { importStateFile } from '../src/areas/releases/state-import';
import type { ObjectStores } from '../src/platform/storage/object-store';
import { openObjectStores } from '../src/platform/storage/stores';

export const SHELL_HTML = `<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><!--app-config--></head><body><div id="root"></div></body></html>`;

async function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** A remote build as Rspack lays it out, small enough to reason about in a test. */
export async function fakeRemoteBuild(root: string, label: string): Promise<string> {
  const dir = path.join(root, `build-${label}`);
  await writeFiles(dir, {
    'mf-manifest.json': JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.2.3' } }, label }),
    'remoteEntry.js': `/* ${label} */`,
    '__federation_expose_page.0123456789.js': `console.log(${JSON.stringify(label)})`,
    '__federation_expose_page.0123456789.css': '.a{color:red}',
  });
  return dir;
}

/**
 * The remote store over a test's database and object store, as the `remotes` CLI opens it: what an operator's
 * command in another process would change, seen by the app on its next request. Its `publish` is the CLI's with
 * `--skip-checks` unless told otherwise: the builds here are small stand-ins for real ones, and these tests are
 * about serving and release state; the checks' own tests (deploy-tokens, release-gates) run them.
 */
export const remoteStore = (t: { db: Db; stores: Pick<ObjectStores, 'remotes'> }) =>
  uncheckedPublish(openRemoteStore(t.db, t.stores.remotes, 'cli'));

/** A store whose `publish` skips the checks unless a call says otherwise (`--skip-checks`). */
export function uncheckedPublish(store: RemoteStore): RemoteStore {
  return { ...store, publish: (name, dir, options = {}) => store.publish(name, dir, { checks: 'skip', ...options }) };
}

export { fromPeer } from './peer';

/**
 * The app with each path asked of it sent to the origin a browser would ask it of (`siteUrl`: the API and the
 * portal's pages to the portal, other pages to the public site, decision 0077); a test of one origin gives the URL.
 */
export function asBrowsersAsk<A extends Hono>(app: A, env: Env): A {
  registerOrigins(app, env.publicConfig);
  const request = app.request.bind(app);
  app.request = ((input, ...rest) =>
    request(typeof input === 'string' ? siteUrl(app, input) : input, ...rest)) as typeof app.request;
  return app;
}

/**
 * A gateway app over a throwaway libSQL file, with a fake shell build and its own remote store. `logger` (silent
 * by default) lets a test read what the gateway logs.
 */
export async function setupApp(
  extraEnv: Record<string, string> = {},
  { logger = createLogger('silent') }: { logger?: Logger } = {},
) {
  const root = await mkdtemp(path.join(tmpdir(), 'gateway-test-'));
  const shellDir = path.join(root, 'shell');
  await writeFiles(shellDir, {
    'index.html': SHELL_HTML,
    'assets/main.0123456789.js': 'console.log(1)',
    'favicon.svg': '<svg/>',
  });
  const env = loadEnv({
    DATA_DIR: path.join(root, 'data'),
    SHELL_DIR: shellDir,
    LOG_LEVEL: 'silent',
    // A healthy first render can outlast production's 2 s on a busy test machine (see testing/start-gateway.ts).
    SERVER_RENDER_DEADLINE_MS: '20000',
    ...extraEnv,
  });
  const database = createDb(env.databaseUrl);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  const stores = openObjectStores(env.objectStore);
  await seedContent(database.db, stores.contentImages);
  // As main.ts does: a release state file from before decision 0058 is imported once.
  await importStateFile(database.db, releaseStorage(database.db, stores.remotes, 'gateway'), env.remotesDir);
  await renderPostsAtStart(database.db, createMarkdown(env.publicConfig.publicOrigin), logger);
  const messaging = openMessaging({
    db: database.db,
    logger,
    mail: env.mail,
    leadWebhook: env.leadWebhook,
    retry: env.outbox.retry,
  });
  const { mailer, outbox } = messaging;
  const app = asBrowsersAsk(createApp({ env, db: database.db, messaging, logger, stores }), env);
  return {
    app,
    env,
    root,
    db: database.db,
    mailer,
    outbox,
    messaging,
    stores,
    cleanup: async () => {
      await app.close();
      await outbox.idle();
      messaging.close();
      database.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A row written straight into `table` by SQL, its columns as given (JSON columns as the text stored), as a hand
 * edit, a script or an older version could write it, past every check of the API: its id.
 */
export async function insertRaw(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const names = Object.keys(row);
  const [inserted] = (await db.all(
    sql`insert into ${sql.raw(table)} (${sql.raw(names.map((n) => `"${n}"`).join(', '))}) values (${sql.join(
      Object.values(row).map((v) => sql`${v}`),
      sql`, `,
    )}) returning id`,
  )) as [{ id: number }];
  return inserted.id;
}
