import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createMarkdown } from './content/markdown';
import { renderPostsAtStart } from './content/renders';
import { seedContent } from './content/seed';
import { createDb, migrateDb, MigrationError, migrationsFolder } from './db';
import { createMailer } from './email/mailer';
import { ConfigError, loadEnv } from './env';
import { createLogger } from './logger';
import { housekeeping } from './ops/housekeeping';
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
const database = createDb(env.databaseUrl, { authToken: env.databaseAuthToken });
await database.init();
try {
  await migrateDb(database.db, migrationsFolder);
} catch (error) {
  if (!(error instanceof MigrationError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
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

const stopHousekeeping = housekeeping(db, logger).start();

const app = createApp({ env, db, mailer, logger, stores });
const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
  logger.info('listening', {
    url: `http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    database: env.databaseUrl.replace(/\?.*$/, ''),
  });
});

/** Stop accepting, let in-flight requests finish, then close the database; force-exit if that hangs. */
function shutdown(signal: string) {
  logger.info('shutting down', { signal });
  setTimeout(() => process.exit(1), 10_000).unref();
  stopHousekeeping();
  server.close(async () => {
    await mailer.idle();
    mailer.close();
    close();
    logger.info('stopped');
    process.exit(0);
  });
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
