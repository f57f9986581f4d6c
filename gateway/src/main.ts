import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createMarkdown } from './content/markdown';
import { renderPostsAtStart } from './content/renders';
import { seedContent } from './content/seed';
import { createDb, migrateDb, MigrationError, migrationsFolder } from './db';
import { createMailer } from './email/mailer';
import { ConfigError, loadEnv } from './env';
import { createLogger } from './logger';
import { housekeeping, repeat } from './ops/housekeeping';
import { leadReminders } from './leads/reminders';
import { backfillFollowUp } from './leads/follow-up-backfill';
import { retention } from './leads/retention';
import { createWebhook } from './leads/webhook';
import { releaseStorage } from './releases/release-storage';
import { describeImport, importStateFile } from './releases/state-import';
import { openObjectStores } from './storage/stores';

let env;
try {
  env = loadEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(env.logLevel);
// Migrations may take their time (a full-text index rebuilt over years of leads): no per-call deadline for them.
const migrating = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
try {
  await migrating.init();
  await migrateDb(migrating.db, migrationsFolder);
} catch (error) {
  if (!(error instanceof MigrationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
} finally {
  migrating.close();
}
const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken, timeoutMs: env.databaseTimeoutMs });
const { db, close } = database;
const stores = openObjectStores(env.objectStore);
// A store from before the release state moved to the database (decision 0058) has it in a file: imported once.
try {
  const said = describeImport(await importStateFile(db, releaseStorage(db, stores.remotes, 'gateway'), env.remotesDir));
  if (said) logger[said.level](said.message);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await seedContent(db, stores.contentImages);
await renderPostsAtStart(db, createMarkdown(env.publicConfig.publicOrigin), logger);

const mailer = createMailer({ db, logger, smtpUrl: env.mail.smtpUrl, from: env.mail.from });
// Mail that could not be delivered before the last stop (or while SMTP was down) goes out now.
void mailer.retryQueued();

const webhook = createWebhook({ db, logger, target: env.leadWebhook });
const remind = leadReminders({
  db,
  mailer,
  webhook,
  logger,
  notifyTo: env.mail.notifyTo,
  origin: env.publicConfig.publicOrigin,
});
const stopHousekeeping = housekeeping(db, logger, {
  // From the first sweep after an upgrade (at start), not the next daily run: decision 0069.
  backfill: async (now, meter) => {
    const filled = await backfillFollowUp(db, env.holidays, now, meter);
    if (filled) logger.info('leads from before the follow-up clock given their follow-up time', { filled });
  },
  retention: retention(db, logger, { files: stores.files }).run,
}).start();
// Reminders are due to the minute and failed notices retry on their backoff: these run every minute.
const stopNotices = repeat(
  60_000,
  async (now) => {
    await remind(now);
    await webhook.deliverDue();
  },
  logger,
  'lead reminders and notices',
);

let draining = false;
const app = createApp({ env, db, mailer, logger, stores, webhook, draining: () => draining });
const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  logger.info('listening', {
    url: `http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    database: env.databaseUrl.replace(/\?.*$/, ''),
  });
  // Once at start: whatever keeps this gateway from serving the site (no live remote, a store that does not answer)
  // is logged now, with the command that fixes it, not only when a load balancer first asks (ops/readiness.ts).
  void app.request('/readyz');
});

/**
 * Readiness turns 503 first (decision 0086), while requests are still served, so a load balancer takes this
 * instance out of rotation before it stops listening (SHUTDOWN_DRAIN_MS; none for Ctrl-C at a terminal); then the
 * listener closes, in-flight requests finish, the queues settle and the database closes. Force-exits if that hangs.
 */
function shutdown(signal: string, drainMs: number) {
  logger.info('shutting down', { signal, drainMs });
  draining = true;
  setTimeout(() => process.exit(1), drainMs + 10_000).unref();
  stopHousekeeping();
  stopNotices();
  setTimeout(() => {
    logger.info('closing the listener');
    server.close(async () => {
      await Promise.all([mailer.idle(), webhook.idle()]);
      mailer.close();
      close();
      logger.info('stopped');
      process.exit(0);
    });
  }, drainMs);
}
process.once('SIGTERM', () => shutdown('SIGTERM', env.shutdownDrainMs));
process.once('SIGINT', () => shutdown('SIGINT', 0));
