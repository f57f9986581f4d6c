import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotePointer } from '@agency/contracts';

interface RemoteState {
  current: string;
  /** Earlier versions, newest last: what `rollback` returns to. */
  previous: string[];
}
type StoreState = Partial<Record<RemoteName, RemoteState>>;

const STATE_FILE = 'pointer-state.json';

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

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

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

  return {
    dir,

    /** Copies a built remote into the store under its content version and makes it live. */
    async publish(name: RemoteName, distDir: string): Promise<{ version: string; changed: boolean }> {
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
      const state = await readState();
      const before = state[name];
      if (before?.current === version) return { version, changed: false };
      state[name] = { current: version, previous: before ? [...before.previous, before.current].slice(-20) : [] };
      await writeState(state);
      return { version, changed: true };
    },

    /** Makes the previously live version current again. */
    async rollback(name: RemoteName): Promise<{ from: string; to: string }> {
      const state = await readState();
      const entry = state[name];
      const to = entry?.previous.at(-1);
      if (!entry || !to) throw new Error(`No earlier version of ${name} to roll back to`);
      state[name] = { current: to, previous: entry.previous.slice(0, -1) };
      await writeState(state);
      return { from: entry.current, to };
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
      const state = await readState();
      const remotes: RemotePointer['remotes'] = {};
      for (const name of REMOTE_NAMES) {
        const override = overrides[name];
        const current = state[name]?.current;
        if (override) remotes[name] = { version: 'external', entry: override };
        else if (current) remotes[name] = { version: current, entry: remoteEntryUrl(name, current) };
      }
      return { remotes };
    },

    /** Drops versions that are neither live nor in the rollback history (used by `remotes prune`). */
    async prune(): Promise<string[]> {
      const state = await readState();
      const removed: string[] = [];
      for (const name of REMOTE_NAMES) {
        const keep = new Set([state[name]?.current, ...(state[name]?.previous ?? [])]);
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
