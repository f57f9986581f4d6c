import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createMarkdown, renderPostsAtStart, seedContent } from './areas/content';
import { createDb, migrateDb, MigrationError, migrationsFolder } from './platform/db';
import { ConfigError, loadEnv } from './platform/env';
import { createLogger } from './platform/logger';
import { housekeeping, HOUSEKEEPING_EVERY_MS, GATEWAY_VERSION } from './areas/ops';
import { jobRunner } from './platform/jobs/jobs';
import { FETCH_EVERY_MS, nightlyFigures, reportDrafts, REPORT_DRAFTS_EVERY_MS } from './areas/google';
import { startTracing } from './platform/tracing';
import { openMessaging } from './platform/messaging';
import { grantRevoker } from './areas/google';
import { leadReminders, backfillFollowUp, retention } from './areas/leads';
import { releaseStorage, describeImport, importStateFile } from './areas/releases';
import { openObjectStores } from './platform/storage/stores';
import { sandboxHost } from './platform/render/sandbox-process';
import { privateDirectory } from './platform/files/private-directory';
import { REPORT_SCHEDULE_EVERY_MS, reportSchedulesJob } from './areas/portal';
import { DELIVER_EVERY_MS } from './areas/tracking';

let env;
try {
  env = loadEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(env.logLevel);
// Traces only when a collector is configured (decision 0088); otherwise no SDK is loaded and nothing is sent.
const stopTracing = env.tracing
  ? await startTracing({ ...env.tracing, version: GATEWAY_VERSION })
  : async () => undefined;
if (env.tracing) logger.info('tracing', { to: new URL(env.tracing.endpoint).host, service: env.tracing.serviceName });
// The database file, the remote store and the cache of server builds: the gateway's user's only (decision 0073).
await privateDirectory(env.dataDir, logger);
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

const holder = randomUUID();
const messaging = openMessaging({
  db,
  logger,
  mail: env.mail,
  leadWebhook: env.leadWebhook,
  retry: env.outbox.retry,
  holder,
});
const { outbox, mailer, webhook } = messaging;
const remind = leadReminders({
  db,
  mailer,
  webhook,
  logger,
  notifyTo: env.mail.notifyTo,
  origin: env.publicConfig.portalOrigin,
});
// Every background job, on one runner (decision 0087). The sweep runs once per fleet; the outbox and reminders run
// on every gateway, each row claimed by one of them.
const jobs = jobRunner({ db, logger, holder });
const sweep = housekeeping(
  db,
  logger,
  {
    // From the first sweep after an upgrade (at start), not the next daily run: decision 0069.
    backfill: async (now, meter) => {
      const filled = await backfillFollowUp(db, env.holidays, now, meter);
      if (filled) logger.info('leads from before the follow-up clock given their follow-up time', { filled });
    },
    retention: retention(db, logger, { files: stores.files, revokeGrants: grantRevoker(db, env.google, logger) }).run,
  },
  { stopped: jobs.stopping },
);
jobs
  .every('housekeeping', HOUSEKEEPING_EVERY_MS, (now) => sweep.run(now), { lease: true })
  // Reminders are due to the minute.
  .every('lead reminders', 60_000, remind)
  // Messages that failed are retried on their backoff while the gateway runs.
  .every('outbox', env.outbox.pollMs, () => outbox.deliverDue())
  // A month's report drafts from the clients' Google figures, on the first working day (decision 0094).
  .every('report drafts', REPORT_DRAFTS_EVERY_MS, reportDrafts({ db, holidays: env.holidays, logger }), {
    lease: true,
  });
// Clients' Google figures (decision 0093): one gateway per turn takes the clients whose days are behind.
if (env.google) {
  const figures = nightlyFigures({ db, google: env.google, logger, stopped: jobs.stopping });
  jobs.every('google figures', FETCH_EVERY_MS, (now) => figures.run(now), { lease: true });
}

let draining = false;
const app = createApp({ env, db, messaging, logger, stores, draining: () => draining });
// Monthly reports e-mailed on each client's schedule, once per fleet per round, with the app's PDF thread.
jobs.every(
  'report e-mails',
  REPORT_SCHEDULE_EVERY_MS,
  reportSchedulesJob({ db, mailer, pdfs: app.reportPdfs, config: env.publicConfig, logger }),
  { lease: true },
);
// Server-side conversions (decision 0095): one gateway per turn sends the due deliveries, each row claimed too.
if (env.adPlatforms.meta || env.adPlatforms.ga4)
  jobs.every('conversions', DELIVER_EVERY_MS, (now) => app.conversionDeliveries.run(now), { lease: true });
// Where team code runs on this host (decision 0073), said once at start; /readyz says it too.
void sandboxHost(env.teamCodeSandbox).then((host) =>
  logger[!host.runs ? 'error' : host.namespaces === 'none' ? 'warn' : 'info']('team code sandbox', {
    runs: host.runs,
    namespaces: host.namespaces,
    uid: host.uid,
    summary: host.summary,
  }),
);
const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  logger.info('listening', {
    url: `http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    database: env.databaseUrl.replace(/\?.*$/, ''),
  });
  // Once at start: whatever keeps this gateway from serving the site (no live remote, a store that does not answer)
  // is logged now, with the command that fixes it, not only when a load balancer first asks (areas/ops/readiness.ts).
  void app.request('/readyz');
  jobs.start();
});

/**
 * Readiness turns 503 first (decision 0086), while requests are still served, so a load balancer takes this
 * instance out of rotation before it stops listening (SHUTDOWN_DRAIN_MS; none for Ctrl-C at a terminal); then the
 * listener closes, in-flight requests finish, the jobs and the outbox settle and the database closes. Force-exits if
 * that hangs.
 */
function shutdown(signal: string, drainMs: number) {
  logger.info('shutting down', { signal, drainMs });
  draining = true;
  setTimeout(() => process.exit(1), drainMs + 10_000).unref();
  jobs.stop();
  setTimeout(() => {
    logger.info('closing the listener');
    server.close(async () => {
      await Promise.all([jobs.idle(), outbox.idle()]);
      messaging.close();
      await app.close();
      close();
      // The last spans (this shutdown's requests and deliveries) go to the collector before the process ends.
      await stopTracing().catch((error: unknown) =>
        logger.warn('traces not sent at shutdown', { error: String(error) }),
      );
      logger.info('stopped');
      process.exit(0);
    });
  }, drainMs);
}
process.once('SIGTERM', () => shutdown('SIGTERM', env.shutdownDrainMs));
process.once('SIGINT', () => shutdown('SIGINT', 0));
