import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';

/**
 * A consistent copy of the database while the gateway keeps running: SQLite's `VACUUM INTO` writes a
 * transactionally consistent, compacted file. For a local (file:) database only; a libSQL server or Turso has
 * its own point-in-time backups.
 */
export async function backupDatabase(databaseUrl: string, target: string): Promise<{ file: string; bytes: number }> {
  if (!databaseUrl.startsWith('file:')) {
    throw new Error(
      'backup copies a local file: database; for a libSQL server or Turso use its own backups (see README)',
    );
  }
  const file = path.resolve(target);
  await mkdir(path.dirname(file), { recursive: true });
  await rm(file, { force: true });
  const client = createClient({ url: databaseUrl });
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  } finally {
    client.close();
  }
  const check = createClient({ url: `file:${file}` });
  try {
    const result = await check.execute('PRAGMA integrity_check');
    if (result.rows[0]?.[0] !== 'ok') throw new Error(`backup ${file} failed its integrity check`);
  } finally {
    check.close();
  }
  return { file, bytes: (await stat(file)).size };
}
