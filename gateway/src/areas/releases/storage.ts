import type { RemoteName } from '@agency/contracts';
import type { Change, StoreState } from './release-state';

// Where releases are kept, as the store (remote-store.ts) needs it: the release state, changed in transactions
// shared by every gateway and the CLI (database-state.ts, decision 0058), and each version's files (a folder,
// file-storage.ts; object storage is one more implementation of VersionFiles).

export interface StateStorage {
  read(): Promise<StoreState>;
  /**
   * Reads the state, applies `change` and stores the state it returns with the action it records, with no other
   * writer in between (the CLI on any machine sharing the storage, and every gateway, which aborts canaries by
   * itself): when another writer got there first, `change` runs again on its outcome. A change that throws, or
   * returns no action, stores nothing. `change` may wait (for a look at the version's files), never write.
   */
  update<T>(change: (state: StoreState) => Change<T> | Promise<Change<T>>): Promise<T>;
  /** Changes whenever the stored state does: one cheap look tells a running gateway whether to read it again. */
  signature(): Promise<string>;
  /** How many changes this process has written (any storage of it): its own changes need no look to be seen. */
  writtenHere(): number;
}

export interface VersionFiles {
  /** Whether this version of the remote is stored (whole: a copy under way is not). */
  has(name: RemoteName, version: string): Promise<boolean>;
  /** Stores the build in `distDir` as this version, all of it or nothing; a stored version is never overwritten. */
  put(name: RemoteName, version: string, distDir: string): Promise<void>;
  /** Every stored version of the remote. */
  list(name: RemoteName): Promise<string[]>;
  remove(name: RemoteName, version: string): Promise<void>;
}

export interface ReleaseStorage {
  state: StateStorage;
  files: VersionFiles;
  /**
   * What the version's latest pre-flight checks say (decision 0060): only a version whose checks passed (or that the
   * operator published with `--skip-checks`) is ever selected. Storage without it (some tests') applies no such rule.
   */
  checks?: (name: RemoteName, version: string) => Promise<ChecksVerdict>;
}

/**
 * What a version's latest pre-flight checks say (decision 0060, recorded as `checks` actions): `running` from the
 * moment they start until their report is recorded, then `passed` or `failed` (with the failed checks' sentences);
 * `skipped` when the operator published it with `--skip-checks`; `missing` when none were ever recorded.
 */
export type ChecksVerdict =
  | { state: 'passed' | 'skipped' | 'missing' }
  | { state: 'running'; since: Date }
  | { state: 'failed'; reasons: string };
