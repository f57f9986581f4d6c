import { createLogger } from '../platform/logger';
import type { Env } from '../platform/env';
import { hotObjects } from '../platform/files/hot-objects';
import { remoteFiles } from '../areas/pages';
import { assetUrls, livePointer, type RemoteStore, versionChecks, type ObjectVersionFiles } from '../areas/releases';
import type { ObjectStore } from '../platform/storage/object-store';

/** Server builds fetched from a bucket for the checks are held in memory up to this much. */
const HOT_BYTES = 16 * 1024 * 1024;

/**
 * The release API's pre-flight checks, run by the operator's `remotes publish` on its own machine: the server build is
 * read as the gateway reads it (in place from a folder store, fetched and checked from a bucket).
 */
export function operatorChecks(env: Env, remotes: ObjectStore, versions: ObjectVersionFiles, store: RemoteStore) {
  // Warnings only (a render worker's crash): the command prints its own lines.
  const logger = createLogger('warn', (line) => process.stderr.write(line));
  const files = remoteFiles({
    store: remotes,
    versions,
    hot: hotObjects(HOT_BYTES),
    live: livePointer(store, env.remoteUrls),
    cacheDir: env.serverBuildCacheDir,
    mayBeUnadopted: false,
    crossOrigin: false,
    logger,
  });
  return versionChecks({ env, logger, remotes, serverBuild: files.serverBuild, assets: assetUrls(env.assetBaseUrl) });
}
