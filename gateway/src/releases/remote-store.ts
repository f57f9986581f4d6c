import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotePointer } from '@agency/contracts';
import { exists } from '../files/exists';
import { readBuild, versionOf } from './content-version';
import {
  abort,
  checkCanaryShare,
  deploy,
  promote,
  prunable,
  releasesOf,
  reshare,
  rollback,
  type Action,
  type Abort,
  type Change,
  type Releases,
  type StoreState,
} from './release-state';
import type { ReleaseStorage } from './storage';

/** Same files, same version (content-version.ts). */
const contentVersion = async (distDir: string) => versionOf(await readBuild(distDir));

/**
 * A transition that may make a version live or a canary only once its files are stored whole: checked inside the
 * same state change, after the state it applies to was read, so a version removed or never finished (a publish
 * killed mid-copy) is refused rather than served.
 */
function withFilesOf<T>(
  { files, refusal }: Pick<ReleaseStorage, 'files' | 'refusal'>,
  transition: (state: StoreState) => Change<T>,
) {
  return async (state: StoreState): Promise<Change<T>> => {
    const change = transition(state);
    if (!change.action) return change;
    for (const name of REMOTE_NAMES) {
      const before = state[name];
      const after = change.state[name];
      const selected = [
        after?.current !== before?.current ? after?.current : undefined,
        after?.canary?.version !== before?.canary?.version ? after?.canary?.version : undefined,
      ].filter((v): v is string => v !== undefined);
      for (const version of selected) {
        if (!(await files.has(name, version)))
          throw new Error(
            `${name} ${version} is not stored whole (its files are missing or were never completed), so it was not ` +
              `made live: publish its build again`,
          );
        // A refused version is kept for inspection, never served (decision 0060): checked here, in the transition,
        // so no path (API, Releases tab, CLI, rollback to it) can make it live.
        const refused = await refusal?.(name, version);
        if (refused)
          throw new Error(
            `${name} ${version} was refused by its pre-flight checks, so it can never be live: ${refused}`,
          );
      }
    }
    return change;
  };
}

/**
 * The gateway's store of remote builds: every version's files, and the release state saying which version is live
 * and which runs as a canary. Switching versions only changes the state (release-state.ts has the rules), so a
 * running gateway serves the new pointer on the next request and never a half-copied build. `storage` is where both
 * are kept (storage.ts).
 */
export function createRemoteStore(storage: ReleaseStorage) {
  const { state, files } = storage;
  return {
    /**
     * Copies a built remote into the store under its content version and makes it live, or, with `canary`, serves
     * it to that share of visitors (1-99%) beside the live version. Refused while a canary of the remote runs.
     */
    /** Stores a build's files under its content version (nothing is selected); the version. */
    async stage(name: RemoteName, distDir: string): Promise<string> {
      if (!(await exists(path.join(distDir, 'mf-manifest.json'))))
        throw new Error(`${distDir} has no mf-manifest.json: build the ${name} remote first`);
      const version = await contentVersion(distDir);
      if (!(await files.has(name, version))) await files.put(name, version, distDir);
      return version;
    },

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
      // The files are all stored before the state names the version (and the action is recorded with it).
      return state.update(withFilesOf(storage, (s) => deploy(s, name, version, { canary, now: new Date() })));
    },

    /**
     * Makes a stored version live, or with `canary` serves it to that share of visitors (the release API: the files
     * came by upload, and their checks are recorded).
     */
    release: (
      name: RemoteName,
      version: string,
      { canary }: { canary?: number } = {},
    ): Promise<{ version: string; changed: boolean }> =>
      state.update(withFilesOf(storage, (s) => deploy(s, name, version, { canary, now: new Date() }))),

    /** Serves the running canary to another share of visitors. */
    reshare: (name: RemoteName, percent: number): Promise<{ from: number; to: number }> =>
      state.update((s) => reshare(s, name, percent)),

    /** Records an action that changes no state (an upload, a version's checks) with who made it. */
    record: (action: Action): Promise<void> => state.update((s) => ({ state: s, result: undefined, action })),

    /** Makes the canary live for everyone; the version it replaces becomes the one `rollback` returns to. */
    promote: (name: RemoteName): Promise<{ from: string; to: string }> =>
      state.update(withFilesOf(storage, (s) => promote(s, name))),

    /**
     * Sends everyone back to the live version. `version`, when given, aborts only that canary (the gateway's own
     * abort must not end a newer canary released meanwhile); answers null when there was nothing to abort.
     */
    abort: (name: RemoteName, how: Partial<Omit<Abort, 'at'>> = {}): Promise<Abort | null> =>
      state.update((s) => abort(s, name, how, new Date())),

    /** Makes the previously live version current again. */
    rollback: (name: RemoteName): Promise<{ from: string; to: string }> =>
      state.update(withFilesOf(storage, (s) => rollback(s, name))),

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

    /**
     * Drops versions that are neither live, canary nor in the rollback history (used by `remotes prune`), and records
     * what went, per remote.
     */
    async prune(): Promise<string[]> {
      const current = await state.read();
      const removed: string[] = [];
      for (const name of REMOTE_NAMES) {
        const gone: string[] = [];
        for (const version of prunable(current, name, await files.list(name))) {
          await files.remove(name, version);
          gone.push(version);
        }
        if (gone.length === 0) continue;
        removed.push(...gone.map((version) => `${name}/${version}`));
        await state.update((s) => ({
          state: s,
          result: undefined,
          action: { action: 'prune', remote: name, version: null, details: { removed: gone } },
        }));
      }
      return removed;
    },
  };
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;
