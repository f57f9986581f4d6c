import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '../platform/env';
import { openBackupLocation, restoreSite, copyLines } from '../areas/ops';
import { openObjectStores } from '../platform/storage/stores';

const usage = 'usage: pnpm restore <folder | s3://<bucket>/<prefix>> [--at <backup>] [--replace] [--without-database]';

/**
 * A backup made by `pnpm backup` brought back into this environment's database and object store (decision 0085):
 *   pnpm restore <place> [--at <backup>]   the newest whole backup there, or the one named (its UTC time)
 *     --replace            a file database that exists already is set aside beside it (stop the gateway first)
 *     --without-database   files only: for a libSQL server that restored itself from its own replication
 * Run it with the gateway's environment, with the gateway stopped (one machine) or into a new database and bucket.
 */
try {
  const env = loadEnv(process.env);
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { at: { type: 'string' }, replace: { type: 'boolean' }, 'without-database': { type: 'boolean' } },
  });
  if (!positionals[0]) throw new Error(usage);
  const location = openBackupLocation(positionals[0], env);
  console.log(`restoring from ${location.location}`);
  const report = await restoreSite(env, openObjectStores(env.objectStore), location, {
    at: values.at,
    replace: values.replace,
    withoutDatabase: values['without-database'],
  });
  const database = report.database;
  console.log(
    [
      ...copyLines(report.objects),
      `media: ${report.media.copied} copied, ${report.media.alreadyThere} already there`,
      database === null
        ? 'database: left as it is (--without-database)'
        : 'file' in database
          ? `database: ${database.file}${database.setAside ? ` (the one before is kept as ${database.setAside})` : ''}`
          : `database: ${database.copied.rows} rows in ${database.copied.tables} tables copied into ${database.server}`,
      `Backup ${report.stamp} is restored: every object was read back and checked. Start the gateway.`,
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
