import path from 'node:path';
import { REMOTE_NAMES, type PreflightReport, type RemoteName, type RemotePointer } from '@agency/contracts';
import { exists } from '../../platform/files/exists';
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
import type { ChecksVerdict, ReleaseStorage } from './storage';

/** Same files, same version (content-version.ts). */
const contentVersion = async (distDir: string) => versionOf(await readBuild(distDir));

/** Checks that started this long ago and never recorded a report were cut short (their gateway or CLI stopped). */
export const CHECKS_STALE_MS = 15 * 60_000;

const stale = (verdict: { since: Date }, now = Date.now()) => now - verdict.since.getTime() > CHECKS_STALE_MS;

/**
 * Why a version may not be selected as live or canary, from its latest checks, or null when it may: only checks that
 * passed (or the operator's `--skip-checks`) let it through; running, missing and failed checks are each refused in
 * words that say what to do.
 */
export function checksRefusal(name: RemoteName, version: string, verdict: ChecksVerdict, now = Date.now()) {
  switch (verdict.state) {
    case 'passed':
    case 'skipped':
      return null;
    case 'missing':
      return (
        `${name} ${version} has no pre-flight checks recorded, so it cannot be selected: seal it through the release ` +
        `API, or publish its build with \`remotes publish\`, to have it checked`
      );
    case 'running':
      return stale(verdict, now)
        ? `${name} ${version}'s pre-flight checks started at ${verdict.since.toISOString()} and never finished, so ` +
            `it cannot be selected: seal it (or publish it) again to have it checked`
        : `${name} ${version}'s pre-flight checks are still running (since ${verdict.since.toISOString()}), so it ` +
            `cannot be selected yet: release it once they have passed`;
    case 'failed':
      return `${name} ${version} was refused by its pre-flight checks, so it can never be live: ${verdict.reasons}`;
  }
}

/**
 * A transition that may make a version live or a canary only once its files are stored whole and its checks passed:
 * both looked at inside the same state change, after the state it applies to was read. A version removed or never
 * finished (a publish killed mid-copy) is refused rather than served; so is one whose checks run, failed or never
 * ran. Recording checks moves the state's revision (database-state.ts), so checks recorded after this look make the
 * change's write fail and run again: no path (the API, the Releases tab, the CLI, a rollback or a promotion to it) can
 * select a version its latest checks do not pass.
 */
function withFilesOf<T>(
  { files, checks }: Pick<ReleaseStorage, 'files' | 'checks'>,
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
        // A refused version is kept for inspection, never served (decision 0060).
        const refused = checks && checksRefusal(name, version, await checks(name, version));
        if (refused) throw new Error(refused);
      }
    }
    return change;
  };
}

/** Runs a version's pre-flight checks (preflight.ts) and answers their report. */
export type VersionCheck = (name: RemoteName, version: string) => Promise<PreflightReport>;

/**
 * The gateway's store of remote builds: every version's files, and the release state saying which version is live
 * and which runs as a canary. Switching versions only changes the state (release-state.ts has the rules), so a
 * running gateway serves the new pointer on the next request and never a half-copied build. `storage` is where both
 * are kept (storage.ts).
 */
export function createRemoteStore(storage: ReleaseStorage) {
  const { state, files } = storage;
  const record = (action: Action): Promise<void> => state.update((s) => ({ state: s, result: undefined, action }));

  /**
   * Runs a version's checks and records them: first that they run, so no transition selects the version meanwhile,
   * then their report. Checks that throw are recorded as failed (the version stays unselectable) and the error goes
   * on to the caller.
   */
  async function check(name: RemoteName, version: string, run: VersionCheck): Promise<PreflightReport> {
    const checked = { action: 'checks' as const, remote: name, version };
    await record({ ...checked, details: { running: true } });
    let report: PreflightReport;
    try {
      report = await run(name, version);
    } catch (error) {
      await record({
        ...checked,
        details: { passed: false, checks: [], error: 'did not finish' },
      });
      throw error;
    }
    await record({ ...checked, details: report });
    return report;
  }

  /**
   * Records that the operator accepts a version unchecked (`--skip-checks`): the break-glass of the machine that holds
   * the database's credentials, never open to a deploy token. Refused for a version whose checks failed or are
   * running.
   */
  async function skipChecks(name: RemoteName, version: string, known?: ChecksVerdict) {
    const verdict = known ?? (await storage.checks?.(name, version));
    if (verdict?.state === 'failed' || (verdict?.state === 'running' && !stale(verdict)))
      throw new Error(checksRefusal(name, version, verdict)!);
    await record({ action: 'checks', remote: name, version, details: { skipped: true } });
  }

  /** Stores a build's files under its content version (nothing is selected); the version. */
  async function stage(name: RemoteName, distDir: string): Promise<string> {
    if (!(await exists(path.join(distDir, 'mf-manifest.json'))))
      throw new Error(`${distDir} has no mf-manifest.json: build the ${name} remote first`);
    const version = await contentVersion(distDir);
    if (!(await files.has(name, version))) await files.put(name, version, distDir);
    return version;
  }

  return {
    check,
    skipChecks: (name: RemoteName, version: string): Promise<void> => skipChecks(name, version),

    /**
     * Copies a built remote into the store under its content version and makes it live, or, with `canary`, serves
     * it to that share of visitors (1-99%) beside the live version. Refused while a canary of the remote runs.
     * `checks` runs the version's checks first unless they passed already (the operator's `remotes publish`);
     * `'skip'` records that the operator published it unchecked (`--skip-checks`), which a version whose checks
     * failed, or are running, cannot be. Without either, the version must have passed its checks before.
     */
    async publish(
      name: RemoteName,
      distDir: string,
      { canary, checks }: { canary?: number; checks?: VersionCheck | 'skip' } = {},
    ): Promise<{ version: string; changed: boolean }> {
      if (canary !== undefined) checkCanaryShare(canary);
      const version = await stage(name, distDir);
      const verdict = await storage.checks?.(name, version);
      if (verdict && checks && checksRefusal(name, version, verdict)) {
        if (checks === 'skip') await skipChecks(name, version, verdict);
        else await check(name, version, checks);
      }
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

    /** Records an action that changes no state (an upload) with who made it. */
    record,

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
    stateWrittenHere: (): number => state.writtenHere(),

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
