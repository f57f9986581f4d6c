import type { Env } from '../env';
import type { ObjectStores } from '../storage/object-store';
import { fileState } from './file-storage';
import type { ReleaseStorage } from './storage';
import { objectVersionFiles, type ObjectVersionFiles } from './version-files';

/**
 * The release storage the gateway and the CLI use: the versions' files in the object store's remotes area (a
 * folder or a bucket, decision 0057); the release state in REMOTES_DIR's state file.
 */
export function releaseStorage(
  env: Pick<Env, 'remotesDir'>,
  stores: ObjectStores,
): ReleaseStorage & { files: ObjectVersionFiles } {
  return { state: fileState(env.remotesDir), files: objectVersionFiles(stores.remotes) };
}
