import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '../platform/env';
import { backupSite, openBackupLocation, copyLines } from '../areas/ops';
import { openObjectStores } from '../platform/storage/stores';

/**
 * Everything a site needs, in one place (decision 0085), safe while the gateways run:
 *   pnpm backup [<folder> | s3://<bucket>/<prefix>] [--keep <n>]
 * The database as of the start, every remote build, content image, audio and client file, and the agency's media.
 * Run again into the same place, it copies only what is new and adds a database copy; --keep leaves the newest n.
 * Default place: $DATA_DIR/backups. Restore with `pnpm restore <the same place>`.
 */
try {
  const env = loadEnv(process.env);
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { keep: { type: 'string' } } });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
    throw new Error('--keep must be a whole number of at least 1');
  const location = openBackupLocation(positionals[0] ?? path.join(env.dataDir, 'backups'), env);
  console.log(`backing up to ${location.location}`);
  const report = await backupSite(env, openObjectStores(env.objectStore), location, { keep });
  console.log(
    [
      `database: database/agency-${report.stamp}.db (${report.databaseBytes} bytes, integrity ok)`,
      ...copyLines(report.objects),
      `media: ${report.media.copied} copied, ${report.media.alreadyThere} already there`,
      ...(report.removed.length ? [`older database copies removed: ${report.removed.join(', ')}`] : []),
      `Backup ${report.stamp} is whole. Restore it with: pnpm restore ${report.location}`,
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
