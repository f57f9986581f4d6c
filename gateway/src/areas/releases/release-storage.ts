import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { ObjectStore } from '../../platform/storage/object-store';
import { checksOf, databaseState, type ActionContext, type Actor } from './database-state';
import { createRemoteStore } from './remote-store';
import type { ReleaseStorage } from './storage';
import { objectVersionFiles, type ObjectVersionFiles } from './version-files';

/**
 * The release storage the gateway and the CLI use: the versions' files in the object store's remotes area (a
 * folder or a bucket, decision 0057), the release state in the database (decision 0058).
 */
export function releaseStorage(
  db: Db,
  remotes: ObjectStore,
  actor: Actor,
  context: ActionContext = {},
  logger?: Logger,
): ReleaseStorage & { files: ObjectVersionFiles } {
  return {
    state: databaseState(db, actor, context),
    files: objectVersionFiles(remotes, logger),
    checks: (name, version) => checksOf(db, name, version, logger),
  };
}

/** The remote store as the gateway and the `remotes` CLI open it. */
export const openRemoteStore = (db: Db, remotes: ObjectStore, actor: Actor, context: ActionContext = {}) =>
  createRemoteStore(releaseStorage(db, remotes, actor, context));
