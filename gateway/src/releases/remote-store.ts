import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotePointer } from '@agency/contracts';
import { exists } from '../files/exists';
import { readBuild, versionOf } from './content-version';
import { fileStorage } from './file-storage';
import {
  abort,
  checkCanaryShare,
  deploy,
  promote,
  prunable,
  releasesOf,
  rollback,
  type Abort,
  type Releases,
  type StoreState,
} from './release-state';
import type { ReleaseStorage } from './storage';

/** Same files, same version (content-version.ts). */
const contentVersion = async (distDir: string) => versionOf(await readBuild(distDir));

/**
 * The gateway's store of remote builds: every version's files, and the release state saying which version is live
 * and which runs as a canary. Switching versions only changes the state (release-state.ts has the rules), so a
 * running gateway serves the new pointer on the next request and never a half-copied build. `storage` is where both
 * are kept; a folder (REMOTES_DIR) when given a path.
 */
export function createRemoteStore(storage: string | ReleaseStorage) {
  const { state, files } = typeof storage === 'string' ? fileStorage(storage) : storage;

  return {
    /**
     * Copies a built remote into the store under its content version and makes it live, or, with `canary`, serves
     * it to that share of visitors (1-99%) beside the live version. Refused while a canary of the remote runs.
     */
    async publish(
      name: RemoteName,
      distDir: string,
      { canary }: { canary?: number } = {},
    ): Promise<{ version: string; changed: boolean }> {
      if (canary !== undefined) checkCanaryShare(canary);
      if (!(await exists(path.join(distDir, 'mf-manifest.json'))))
        throw new Error(`${distDir} has no mf-manifest.json: build the ${name} remote first`);
      const version = await contentVersion(distDir);
      if (!(await files.has(name, version))) await files.put(name, version, distDir);
      return state.update((s) => deploy(s, name, version, { canary, now: new Date() }));
    },

    /** Makes the canary live for everyone; the version it replaces becomes the one `rollback` returns to. */
    promote: (name: RemoteName): Promise<{ from: string; to: string }> => state.update((s) => promote(s, name)),

    /**
     * Sends everyone back to the live version. `version`, when given, aborts only that canary (the gateway's own
     * abort must not end a newer canary released meanwhile); answers null when there was nothing to abort.
     */
    abort: (name: RemoteName, how: Partial<Omit<Abort, 'at'>> = {}): Promise<Abort | null> =>
      state.update((s) => abort(s, name, how, new Date())),

    /** Makes the previously live version current again. */
    rollback: (name: RemoteName): Promise<{ from: string; to: string }> => state.update((s) => rollback(s, name)),

    status: (): Promise<StoreState> => state.read(),

    /** Changes whenever the release state does: one cheap look tells a running gateway whether to read it again. */
    stateSignature: (): Promise<string> => state.signature(),

    /** The document the shell reads at start-up; env overrides point a remote elsewhere (CDN, dev server). */
    async pointer(overrides: Partial<Record<RemoteName, string>>): Promise<RemotePointer> {
      return releasesOf(await state.read(), overrides).pointer;
    },

    /** The live pointer and the canaries beside it (none for a remote served from elsewhere). */
    async releases(overrides: Partial<Record<RemoteName, string>>): Promise<Releases> {
      return releasesOf(await state.read(), overrides);
    },

    /** Drops versions that are neither live nor in the rollback history (used by `remotes prune`). */
    async prune(): Promise<string[]> {
      const current = await state.read();
      const removed: string[] = [];
      for (const name of REMOTE_NAMES) {
        for (const version of prunable(current, name, await files.list(name))) {
          await files.remove(name, version);
          removed.push(`${name}/${version}`);
        }
      }
      return removed;
    },
  };
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;
