import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { Env } from '../../platform/env';
import { copyArea, migrateStore, type AreaReport, type MigrationReport } from './copy-stores';
import { folderStore } from '../../platform/storage/folder-store';
import type { ObjectStores } from '../../platform/storage/object-store';
import { backupStamps, databaseKey, newStamp, type BackupLocation } from './backup-location';

/** The file of a `file:` database URL. */
export const databaseFile = (url: string) => path.resolve(url.replace(/^file:(\/\/)?/, '').replace(/\?.*$/, ''));

async function checkIntegrity(file: string): Promise<void> {
  const check = createClient({ url: `file:${file}` });
  try {
    const result = await check.execute('PRAGMA integrity_check');
    if (result.rows[0]?.[0] !== 'ok') throw new Error(`the database copy ${file} failed its integrity check`);
  } finally {
    check.close();
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A transactionally consistent copy of the database as one SQLite file at `target`, while the gateways keep running
 * (decision 0085). A `file:` database: SQLite's `VACUUM INTO`. A libSQL server or Turso: the libSQL client's own
 * replication (an embedded replica synced to the server's latest frame, then vacuumed into a plain file), so the copy
 * is the server's pages, full-text indexes included, not a dump to parse.
 */
export async function snapshotDatabase(
  env: Pick<Env, 'databaseUrl' | 'databaseAuthToken'>,
  target: string,
): Promise<{ file: string; bytes: number }> {
  const file = path.resolve(target);
  await mkdir(path.dirname(file), { recursive: true });
  await rm(file, { force: true });
  if (env.databaseUrl.startsWith('file:')) {
    const client = createClient({ url: env.databaseUrl });
    try {
      await client.execute({ sql: 'VACUUM INTO ?', args: [file] });
    } finally {
      client.close();
    }
  } else {
    const replicaDir = `${file}.replica`;
    await mkdir(replicaDir, { recursive: true });
    const replica = path.join(replicaDir, 'replica.db');
    try {
      const synced = createClient({
        url: `file:${replica}`,
        syncUrl: env.databaseUrl,
        authToken: env.databaseAuthToken,
      });
      try {
        await synced.sync();
      } finally {
        synced.close();
      }
      // A replica takes no VACUUM; the same file opened as a plain SQLite database does.
      const plain = createClient({ url: `file:${replica}` });
      try {
        await plain.execute({ sql: 'VACUUM INTO ?', args: [file] });
      } finally {
        plain.close();
      }
    } finally {
      await rm(replicaDir, { recursive: true, force: true });
    }
  }
  await checkIntegrity(file);
  return { file, bytes: (await stat(file)).size };
}

export interface BackupReport {
  location: string;
  stamp: string;
  databaseBytes: number;
  objects: MigrationReport;
  media: AreaReport;
  /** Older database copies removed by `keep`. */
  removed: string[];
}

/**
 * Everything a site needs, at `location` (decision 0085): the database as of the start (a consistent copy), then
 * every stored object (remote builds, content images and the audio, client files) and the agency's media, each
 * object copied once (what the location holds already is not copied again), and last the database copy, which makes
 * the backup whole. With `keep`, only that many database copies stay (objects are kept: older copies may name them).
 */
export async function backupSite(
  env: Pick<Env, 'databaseUrl' | 'databaseAuthToken' | 'dataDir' | 'mediaDir'>,
  stores: Omit<ObjectStores, 'kind'>,
  location: BackupLocation,
  { keep }: { keep?: number } = {},
): Promise<BackupReport> {
  const stamp = newStamp();
  const work = path.join(env.dataDir, 'tmp', `backup-${randomUUID()}`);
  try {
    // First, so every object the copy's rows name was stored before it and is copied below.
    const { file, bytes } = await snapshotDatabase(env, path.join(work, 'agency.db'));
    const objects = await migrateStore(stores, location.areas, 'sameSize');
    const media = await copyArea(folderStore(env.mediaDir), location.media, null, 'sameSize');
    await location.databases.put(databaseKey(stamp), { file }, { sha256: await sha256Of(file) });
    const removed: string[] = [];
    if (keep !== undefined) {
      const stamps = await backupStamps(location);
      for (const old of stamps.slice(0, Math.max(0, stamps.length - keep))) {
        await location.databases.delete(databaseKey(old));
        removed.push(old);
      }
    }
    return { location: location.location, stamp, databaseBytes: bytes, objects, media, removed };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
