import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoreState } from './release-state';
import { folderStore } from '../storage/folder-store';
import type { ReleaseStorage, StateStorage } from './storage';
import { objectVersionFiles } from './version-files';

const STATE_FILE = 'pointer-state.json';
const LOCK_DIR = '.state.lock';
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;

const notFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The release state as one small file in `dir`. Every change writes a new file and renames it over the old one
 * (atomic), so a running gateway reads the new state on the next request and never a half-written one.
 */
export function fileState(dir: string): StateStorage {
  const statePath = path.join(dir, STATE_FILE);

  async function read(): Promise<StoreState> {
    try {
      return JSON.parse(await readFile(statePath, 'utf8')) as StoreState;
    } catch (error) {
      if (notFound(error)) return {};
      throw error;
    }
  }

  async function write(state: StoreState): Promise<void> {
    await mkdir(dir, { recursive: true });
    const tmp = `${statePath}.${randomUUID()}.tmp`;
    await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`);
    await rename(tmp, statePath);
  }

  /** The lock is a directory, whose creation is atomic on local and network file systems alike. */
  async function lock(): Promise<() => Promise<void>> {
    await mkdir(dir, { recursive: true });
    const lockPath = path.join(dir, LOCK_DIR);
    for (let waited = 0; ; waited += 25) {
      try {
        await mkdir(lockPath);
        return () => rmdir(lockPath).catch(() => undefined);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age =
          Date.now() -
          (await stat(lockPath).then(
            (s) => s.mtimeMs,
            () => Date.now(),
          ));
        if (age > STALE_LOCK_MS) await rmdir(lockPath).catch(() => undefined);
        else if (waited > STALE_LOCK_MS) throw new Error(`the remote store is locked (${lockPath}); try again`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  }

  return {
    read,
    async update(change) {
      const unlock = await lock();
      try {
        const { state, result } = change(await read());
        await write(state);
        return result;
      } finally {
        await unlock();
      }
    },
    // The file is replaced on every change, so its inode and change time move.
    async signature() {
      try {
        const s = await stat(statePath, { bigint: true });
        return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
      } catch (error) {
        if (notFound(error)) return 'none';
        throw error;
      }
    },
  };
}

/**
 * The remote store in one folder: the state file beside the versions' folders (REMOTES_DIR), each version's files
 * kept as objects of a folder store (version-files.ts).
 */
export function fileStorage(dir: string): ReleaseStorage {
  return { state: fileState(dir), files: objectVersionFiles(folderStore(dir)) };
}
