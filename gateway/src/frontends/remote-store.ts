import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotePointer, type RemotePointerEntry } from '@agency/contracts';
import { exists } from '../files/exists';

export interface Canary {
  version: string;
  /** The share of visitors (1-99) who get it, by their release bucket (contracts `inCanary`). */
  percent: number;
  startedAt: string;
}

export interface Abort {
  version: string;
  at: string;
  reason: string;
  /** True when the gateway aborted it by itself (releases/canary-watch.ts). */
  automatic: boolean;
}

export interface RemoteState {
  current: string;
  /** Earlier versions, newest last: what `rollback` returns to. */
  previous: string[];
  /** A version served to a share of visitors beside `current` (issue 26); at most one. */
  canary?: Canary;
  /** The last canary that was aborted, and why: `remotes status` and the Releases tab show it. */
  lastAbort?: Abort;
}
export type StoreState = Partial<Record<RemoteName, RemoteState>>;

/** What a visitor may be served: the live pointer, and each remote's canary beside it. */
export interface Releases {
  pointer: RemotePointer;
  canaries: Partial<Record<RemoteName, RemotePointerEntry & Omit<Canary, 'version'>>>;
  /**
   * The versions browsers may be running now, by remote: live, canary, the one before the live one and the last
   * aborted canary (open tabs keep the version they loaded). Measurements naming any other are dropped.
   */
  known: Partial<Record<RemoteName, string[]>>;
}

const STATE_FILE = 'pointer-state.json';
/** The version a remote served from elsewhere (REMOTE_<NAME>_URL) has in the pointer and in measurements. */
export const EXTERNAL_VERSION = 'external';
const LOCK_DIR = '.state.lock';
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;

/** Where a stored version of a remote is served: its browser build's public path. */
export const remoteBaseUrl = (name: RemoteName, version: string) => `/mfe/${name}/${version}/`;
export const remoteEntryUrl = (name: RemoteName, version: string) => `${remoteBaseUrl(name, version)}mf-manifest.json`;

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))],
    ),
  );
  return nested.flat().sort();
}

/**
 * Federation's build statistics for tools, never read at run time. The bundler lists their entries in whatever
 * order its parallel build finished, so identical builds differ in this file alone.
 */
const UNVERSIONED_FILES = new Set(['mf-stats.json']);

/** Same files, same version: publishing an unchanged build is a no-op, a changed one never overwrites. */
async function contentVersion(distDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  const hash = createHash('sha256');
  for (const file of await listFiles(distDir)) {
    if (UNVERSIONED_FILES.has(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(distDir, file)))
      .update('\0');
  }
  const base = (manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0').replace(/[^\w.-]/g, '');
  return `${base}-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * The gateway's store of remote builds: every version under `<dir>/<name>/<version>/`, and one small state
 * file saying which version is live. Switching versions only rewrites that file (write + rename, atomic),
 * so a running gateway serves the new pointer on the next request and never a half-copied build.
 */
export function createRemoteStore(dir: string) {
  const statePath = path.join(dir, STATE_FILE);

  async function readState(): Promise<StoreState> {
    try {
      return JSON.parse(await readFile(statePath, 'utf8')) as StoreState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  async function writeState(state: StoreState): Promise<void> {
    await mkdir(dir, { recursive: true });
    const tmp = `${statePath}.${randomUUID()}.tmp`;
    await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`);
    await rename(tmp, statePath);
  }

  /**
   * Read, change and write the state with no other writer in between: the CLI on any machine sharing the store and
   * every gateway (which aborts canaries by itself) take this lock, a directory, whose creation is atomic on local
   * and network file systems alike.
   */
  async function update<T>(change: (state: StoreState) => T): Promise<T> {
    await mkdir(dir, { recursive: true });
    const lock = path.join(dir, LOCK_DIR);
    for (let waited = 0; ; waited += 25) {
      try {
        await mkdir(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age =
          Date.now() -
          (await stat(lock).then(
            (s) => s.mtimeMs,
            () => Date.now(),
          ));
        if (age > STALE_LOCK_MS) await rmdir(lock).catch(() => undefined);
        else if (waited > STALE_LOCK_MS) throw new Error(`the remote store is locked (${lock}); try again`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    try {
      const state = await readState();
      const result = change(state);
      await writeState(state);
      return result;
    } finally {
      await rmdir(lock).catch(() => undefined);
    }
  }

  /** Refuses a change while a canary runs; `orPromote` when promoting it would also clear the way. */
  const canaryInTheWay = (name: RemoteName, canary: Canary, next: string, { orPromote = true } = {}) =>
    new Error(
      `${name} has a canary running (${canary.version} for ${canary.percent}% of visitors): ` +
        (orPromote
          ? `promote or abort it first (remotes promote ${name} | remotes abort ${name})`
          : `abort it first (remotes abort ${name})`) +
        `, then ${next}`,
    );

  return {
    dir,

    /**
     * Copies a built remote into the store under its content version and makes it live, or, with `canary`, serves
     * it to that share of visitors (1-99%) beside the live version. Refused while a canary of the remote runs.
     */
    async publish(
      name: RemoteName,
      distDir: string,
      { canary }: { canary?: number } = {},
    ): Promise<{ version: string; changed: boolean }> {
      if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99))
        throw new Error('a canary share must be a whole percentage from 1 to 99');
      if (!(await exists(path.join(distDir, 'mf-manifest.json')))) {
        throw new Error(`${distDir} has no mf-manifest.json: build the ${name} remote first`);
      }
      const version = await contentVersion(distDir);
      const target = path.join(dir, name, version);
      if (!(await exists(target))) {
        const staging = path.join(dir, name, `.staging-${randomUUID()}`);
        await cp(distDir, staging, { recursive: true });
        await rename(staging, target);
      }
      return update((state) => {
        const before = state[name];
        if (before?.canary) throw canaryInTheWay(name, before.canary, 'deploy');
        if (before?.current === version) return { version, changed: false };
        if (canary !== undefined) {
          if (!before) throw new Error(`${name} has no live version yet: deploy it first, then release canaries`);
          before.canary = { version, percent: canary, startedAt: new Date().toISOString() };
        } else {
          state[name] = {
            ...before,
            current: version,
            previous: before ? [...before.previous, before.current].slice(-20) : [],
          };
        }
        return { version, changed: true };
      });
    },

    /** Makes the canary live for everyone; the version it replaces becomes the one `rollback` returns to. */
    async promote(name: RemoteName): Promise<{ from: string; to: string }> {
      return update((state) => {
        const entry = state[name];
        if (!entry?.canary) throw new Error(`${name} has no canary to promote`);
        const from = entry.current;
        state[name] = {
          current: entry.canary.version,
          previous: [...entry.previous, from].slice(-20),
          ...(entry.lastAbort ? { lastAbort: entry.lastAbort } : {}),
        };
        return { from, to: entry.canary.version };
      });
    },

    /**
     * Sends everyone back to the live version. `version`, when given, aborts only that canary (the gateway's own
     * abort must not end a newer canary released meanwhile); answers null when there was nothing to abort.
     */
    async abort(
      name: RemoteName,
      { reason = 'aborted by an operator', automatic = false, version }: Partial<Omit<Abort, 'at'>> = {},
    ): Promise<Abort | null> {
      return update((state) => {
        const entry = state[name];
        const canary = entry?.canary;
        if (!entry || !canary || (version !== undefined && canary.version !== version)) {
          if (automatic) return null;
          throw new Error(`${name} has no canary to abort`);
        }
        const abort = { version: canary.version, at: new Date().toISOString(), reason, automatic };
        delete entry.canary;
        entry.lastAbort = abort;
        return abort;
      });
    },

    /** Makes the previously live version current again. */
    async rollback(name: RemoteName): Promise<{ from: string; to: string }> {
      return update((state) => {
        const entry = state[name];
        if (entry?.canary) throw canaryInTheWay(name, entry.canary, 'roll back', { orPromote: false });
        const to = entry?.previous.at(-1);
        if (!entry || !to) throw new Error(`No earlier version of ${name} to roll back to`);
        state[name] = { ...entry, current: to, previous: entry.previous.slice(0, -1) };
        return { from: entry.current, to };
      });
    },

    async status(): Promise<StoreState> {
      return readState();
    },

    /**
     * Changes whenever the state file is replaced (every publish and rollback writes a new file and renames it over
     * the old one, so its inode and change time move): one stat tells a running gateway whether to read it again.
     */
    async stateSignature(): Promise<string> {
      try {
        const s = await stat(statePath, { bigint: true });
        return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
        throw error;
      }
    },

    /** The document the shell reads at start-up; env overrides point a remote elsewhere (CDN, dev server). */
    async pointer(overrides: Partial<Record<RemoteName, string>>): Promise<RemotePointer> {
      return (await this.releases(overrides)).pointer;
    },

    /** The live pointer and the canaries beside it (none for a remote served from elsewhere). */
    async releases(overrides: Partial<Record<RemoteName, string>>): Promise<Releases> {
      const state = await readState();
      const remotes: RemotePointer['remotes'] = {};
      const canaries: Releases['canaries'] = {};
      const known: Releases['known'] = {};
      for (const name of REMOTE_NAMES) {
        const override = overrides[name];
        const { current, canary, previous = [], lastAbort } = state[name] ?? {};
        if (override) {
          remotes[name] = { version: EXTERNAL_VERSION, entry: override };
          known[name] = [EXTERNAL_VERSION];
        } else if (current) {
          remotes[name] = { version: current, entry: remoteEntryUrl(name, current) };
          if (canary) canaries[name] = { ...canary, entry: remoteEntryUrl(name, canary.version) };
          known[name] = [current, canary?.version, previous.at(-1), lastAbort?.version].filter(
            (v): v is string => v !== undefined,
          );
        }
      }
      return { pointer: { remotes }, canaries, known };
    },

    /** Drops versions that are neither live nor in the rollback history (used by `remotes prune`). */
    async prune(): Promise<string[]> {
      const state = await readState();
      const removed: string[] = [];
      for (const name of REMOTE_NAMES) {
        const keep = new Set([state[name]?.current, state[name]?.canary?.version, ...(state[name]?.previous ?? [])]);
        const versions = await readdir(path.join(dir, name)).catch(() => [] as string[]);
        for (const version of versions.filter((v) => !keep.has(v))) {
          await rm(path.join(dir, name, version), { recursive: true, force: true });
          removed.push(`${name}/${version}`);
        }
      }
      return removed;
    },
  };
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;
