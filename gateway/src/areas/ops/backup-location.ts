import path from 'node:path';
import type { Env } from '../../platform/env';
import { folderStore } from '../../platform/storage/folder-store';
import type { ObjectStore, ObjectStores } from '../../platform/storage/object-store';
import { s3Client, s3Store } from '../../platform/storage/s3-store';

/**
 * Where backups are kept (decision 0085): a folder, or `s3://<bucket>/<prefix>` on the gateway's S3 service (its
 * AWS_* settings). Laid out as a site is: the three areas of the object store under their own names (the same keys,
 * so a backup of immutable objects is a copy of what is new), the agency's media, and one database copy per backup:
 *
 *   remotes/  content-images/  files/     every stored object, as in the site's store
 *   media/                                 the files of MEDIA_DIR
 *   database/agency-<UTC time>.db          one per backup, written last: a backup is whole once it is there
 */
export interface BackupLocation {
  /** As given, for messages: `/srv/backups/site` or `s3://agency-backups/site`. */
  location: string;
  areas: Omit<ObjectStores, 'kind'>;
  media: ObjectStore;
  databases: ObjectStore;
}

/** `s3://bucket/prefix` or a folder (relative to where the command was run). */
export function openBackupLocation(given: string, env: Pick<Env, 's3' | 'invokedFrom'>): BackupLocation {
  if (!given.startsWith('s3://')) {
    const root = path.resolve(env.invokedFrom, given.replace(/^file:/, ''));
    const at = (name: string) => folderStore(path.join(root, name));
    return {
      location: root,
      areas: { remotes: at('remotes'), contentImages: at('content-images'), files: at('files') },
      media: at('media'),
      databases: at('database'),
    };
  }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(given);
  if (!match) throw new Error(`${given} is not s3://<bucket>/<prefix>`);
  const [, bucket = '', rest = ''] = match;
  const prefix = rest.split('/').filter(Boolean).join('/');
  // The site's S3 service and credentials (AWS_*), with a generous deadline: a backup moves whole files.
  const client = s3Client({ ...env.s3, timeoutMs: Math.max(env.s3.timeoutMs, 30_000) });
  const at = (name: string) => s3Store(client, bucket, `${prefix ? `${prefix}/` : ''}${name}/`, 60_000);
  return {
    location: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    areas: { remotes: at('remotes'), contentImages: at('content-images'), files: at('files') },
    media: at('media'),
    databases: at('database'),
  };
}

/** A backup's database copy: `agency-<stamp>.db`, the stamp a UTC time that sorts as it reads. */
export const databaseKey = (stamp: string) => `agency-${stamp}.db`;
export const stampOf = (key: string) => /^agency-(.+)\.db$/.exec(key)?.[1] ?? null;
export const newStamp = (at = new Date()) => at.toISOString().replace(/[:.]/g, '-');

/** The stamps of the whole backups at a location, oldest first. */
export async function backupStamps(location: BackupLocation): Promise<string[]> {
  const stamps: string[] = [];
  for await (const info of location.databases.list('')) {
    const stamp = stampOf(info.key);
    if (stamp) stamps.push(stamp);
  }
  return stamps.sort();
}
