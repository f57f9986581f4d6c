import path from 'node:path';
import type { ObjectStoreConfig } from '../env';
import { folderStore } from './folder-store';
import { instrumentStores } from './instrumented';
import type { ObjectStores } from './object-store';
import { s3Client, s3Store } from './s3-store';

/**
 * The three areas from OBJECT_STORE_URL (env.ts): three folders on this machine (by default today's, under the data
 * directory, each movable by REMOTES_DIR, CONTENT_IMAGES_DIR and FILES_DIR), or three prefixes in one bucket.
 */
export function openObjectStores(config: ObjectStoreConfig): ObjectStores {
  // Every call timed for /metrics and traced (decision 0088); a bucket call's deadline (s3-store.ts) is inside it.
  return instrumentStores(openStores(config));
}

function openStores(config: ObjectStoreConfig): ObjectStores {
  if (config.kind === 'file')
    return {
      kind: 'file',
      remotes: folderStore(config.remotesDir),
      contentImages: folderStore(config.contentImagesDir),
      files: folderStore(config.filesDir),
    };
  const client = s3Client(config);
  const area = (name: string) =>
    s3Store(client, config.bucket, path.posix.join(config.prefix, name) + '/', config.timeoutMs);
  return { kind: 's3', remotes: area('remotes'), contentImages: area('content-images'), files: area('files') };
}
