import path from 'node:path';
import { ConfigError, loadEnv } from '../env';
import { backupDatabase } from '../ops/backup';

/**
 *   pnpm backup                       -> $DATA_DIR/backups/agency-<UTC timestamp>.db
 *   pnpm backup /somewhere/copy.db    -> that file
 * Safe while the gateway runs. Restore: stop the gateway, copy the file over $DATA_DIR/agency.db, start it.
 */
try {
  const env = loadEnv(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = process.argv[2] ?? path.join(env.dataDir, 'backups', `agency-${stamp}.db`);
  const { file, bytes } = await backupDatabase(env.databaseUrl, target);
  console.log(`Backup written: ${file} (${bytes} bytes, integrity ok)`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
