import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createClient } from '@libsql/client';
import type { Env } from '../../platform/env';
import { copyArea, migrateStore, type AreaReport, type MigrationReport } from './copy-stores';
import { folderStore } from '../../platform/storage/folder-store';
import type { ObjectStores } from '../../platform/storage/object-store';
import { databaseFile, sha256Of } from './backup';
import { backupStamps, databaseKey, type BackupLocation } from './backup-location';
import { copyDatabase, isEmptyDatabase, type CopyReport } from './database-copy';

export interface RestoreReport {
  stamp: string;
  objects: MigrationReport;
  media: AreaReport;
  /** What the database became: a file moved into place, or the rows copied into a server; none when left out. */
  database: { file: string; setAside?: string } | { server: string; copied: CopyReport } | null;
}

export class RestoreRefused extends Error {}

async function fileHoldsData(file: string): Promise<boolean> {
  if (!(await stat(file).catch(() => null))) return false;
  const client = createClient({ url: `file:${file}` });
  try {
    return !(await isEmptyDatabase(client));
  } finally {
    client.close();
  }
}

/** The newest whole backup at the location, or the one `at` names. */
async function chooseStamp(location: BackupLocation, at: string | undefined): Promise<string> {
  const stamps = await backupStamps(location);
  if (stamps.length === 0)
    throw new RestoreRefused(`${location.location} holds no whole backup (no database/agency-*.db)`);
  if (at === undefined) return stamps.at(-1)!;
  if (!stamps.includes(at))
    throw new RestoreRefused(`${location.location} has no backup ${at}; it has ${stamps.join(', ')}`);
  return at;
}

/**
 * Brings a backup back (decision 0085): into the site's object store and media folder first (every object read
 * back and checked against its source), then the database, last, so a gateway started on it finds every file its rows
 * name. A `file:` database is moved into place (an existing one only with `replace`, set aside beside it, never
 * deleted); a libSQL server must be empty (a new `sqld`) and gets the copy's tables and rows. `withoutDatabase`
 * restores the files only: for a server that restored itself from its own replication (bottomless).
 */
export async function restoreSite(
  env: Pick<Env, 'databaseUrl' | 'databaseAuthToken' | 'dataDir' | 'mediaDir'>,
  stores: Omit<ObjectStores, 'kind'>,
  location: BackupLocation,
  { at, withoutDatabase = false, replace = false }: { at?: string; withoutDatabase?: boolean; replace?: boolean } = {},
): Promise<RestoreReport> {
  const stamp = await chooseStamp(location, at);
  const isFile = env.databaseUrl.startsWith('file:');
  const target = isFile ? databaseFile(env.databaseUrl) : env.databaseUrl.replace(/\?.*$/, '');
  // Refused before anything is copied: a restore never writes over a database in use.
  if (!withoutDatabase) {
    const server = isFile ? null : createClient({ url: env.databaseUrl, authToken: env.databaseAuthToken });
    try {
      const holdsData = isFile ? await fileHoldsData(target) : !(await isEmptyDatabase(server!));
      if (holdsData && (!isFile || !replace))
        throw new RestoreRefused(
          isFile
            ? `${target} holds a database already. Stop the gateway and run the restore again with --replace (the ` +
                `current file is kept beside it), or restore into a new DATA_DIR.`
            : `The database at ${target} is not empty. Restore into a new, empty libSQL server (start sqld on an ` +
                `empty --db-path and point DATABASE_URL at it), or pass --without-database if it restored itself ` +
                `from its own replication.`,
        );
    } finally {
      server?.close();
    }
  }

  const objects = await migrateStore(location.areas, stores, 'verify');
  const media = await copyArea(location.media, folderStore(env.mediaDir), null, 'verify');
  if (withoutDatabase) return { stamp, objects, media, database: null };

  // The copy comes down beside its target (or into the data directory for a server), checked, then used.
  const work = isFile ? path.dirname(target) : path.join(env.dataDir, 'tmp');
  await mkdir(work, { recursive: true });
  const copy = path.join(work, `.restore-${randomUUID()}.db`);
  try {
    const found = await location.databases.get(databaseKey(stamp));
    if (!found) throw new Error(`${location.location}: database/${databaseKey(stamp)} vanished during the restore`);
    await pipeline(found.body, createWriteStream(copy));
    if (found.info.sha256 && (await sha256Of(copy)) !== found.info.sha256)
      throw new Error(`database/${databaseKey(stamp)} does not match the SHA-256 recorded when it was backed up`);
    const check = createClient({ url: `file:${copy}` });
    try {
      const result = await check.execute('PRAGMA integrity_check');
      if (result.rows[0]?.[0] !== 'ok') throw new Error(`database/${databaseKey(stamp)} failed its integrity check`);
    } finally {
      check.close();
    }
    if (isFile) {
      let setAside: string | undefined;
      if (await stat(target).catch(() => null)) {
        setAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        await rename(target, setAside);
      }
      // Its log goes with the file set aside; a log left without its file would be replayed into the copy.
      for (const suffix of ['-wal', '-shm'])
        if (setAside) await rename(`${target}${suffix}`, `${setAside}${suffix}`).catch(() => undefined);
        else await rm(`${target}${suffix}`, { force: true });
      await rename(copy, target);
      return { stamp, objects, media, database: { file: target, ...(setAside ? { setAside } : {}) } };
    }
    const source = createClient({ url: `file:${copy}`, intMode: 'bigint' });
    const server = createClient({ url: env.databaseUrl, authToken: env.databaseAuthToken, intMode: 'bigint' });
    try {
      return { stamp, objects, media, database: { server: target, copied: await copyDatabase(source, server) } };
    } finally {
      source.close();
      server.close();
    }
  } finally {
    await rm(copy, { force: true });
  }
}
