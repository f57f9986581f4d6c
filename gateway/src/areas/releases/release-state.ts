import {
  REMOTE_NAMES,
  remoteEntryUrl,
  type RemoteName,
  type RemotePointer,
  type RemotePointerEntry,
} from '@agency/contracts';
import { z } from 'zod';
import type { ReleaseActionKind } from '../../platform/db';

// The release state and its rules, as pure functions over it: no disk, no lock, no clock (the caller passes the
// time). The store (remote-store.ts) reads and writes the state through its storage (storage.ts) and applies these.

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
  /** True when the gateway aborted it by itself (canary-watch.ts). */
  automatic: boolean;
}

export interface RemoteState {
  current: string;
  /** Earlier versions, newest last: what `rollback` returns to. */
  previous: string[];
  /** A version served to a share of visitors beside `current` (decision 0041); at most one. */
  canary?: Canary;
  /** The last canary that was aborted, and why: `remotes status` and the Releases tab show it. */
  lastAbort?: Abort;
}
export type StoreState = Partial<Record<RemoteName, RemoteState>>;

/** What a transition did, for the record of release actions (the storage adds who, where and when). */
export interface Action {
  action: ReleaseActionKind;
  remote: RemoteName | null;
  version: string | null;
  details: Record<string, unknown>;
}

/**
 * A transition's outcome: the state to store, what to tell the caller and the action to record. Without an action
 * nothing changed and nothing is stored. A refused transition throws instead.
 */
export interface Change<T> {
  state: StoreState;
  result: T;
  action?: Action;
}

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

/** A version's name as the store makes it (contentVersion): it becomes a URL path segment and a folder name. */
const VersionSchema = z
  .string()
  .regex(/^[\w.-]{1,100}$/, 'is not a version name')
  .refine((v) => v !== '.' && v !== '..', 'is not a version name');
/** An operator's or the gateway's reason for an abort, as stored and shown. */
export const ABORT_REASON_MAX = 500;

/**
 * One remote's stored state, as the database or an old state file holds it: checked on every read, so a row edited
 * by hand can never put a path or markup into the pointer pages carry.
 */
export const RemoteStateSchema = z.object({
  current: VersionSchema,
  previous: z.array(VersionSchema).max(100),
  canary: z
    .object({ version: VersionSchema, percent: z.number().int().min(1).max(99), startedAt: z.iso.datetime() })
    .optional(),
  lastAbort: z
    .object({
      version: VersionSchema,
      at: z.iso.datetime(),
      reason: z.string().max(ABORT_REASON_MAX),
      automatic: z.boolean(),
    })
    .optional(),
}) satisfies z.ZodType<RemoteState>;

/** The version a remote served from elsewhere (REMOTE_<NAME>_URL) has in the pointer and in measurements. */
const EXTERNAL_VERSION = 'external';
/** Versions `rollback` can return to, per remote. */
const HISTORY = 20;

/** Refuses a share that is not a whole percentage from 1 to 99. */
export function checkCanaryShare(percent: number): void {
  if (!(Number.isInteger(percent) && percent >= 1 && percent <= 99))
    throw new Error('a canary share must be a whole percentage from 1 to 99');
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

const withRemote = (state: StoreState, name: RemoteName, entry: RemoteState): StoreState => ({
  ...state,
  [name]: entry,
});

/**
 * A stored version made live, or, with `canary`, served to that share of visitors beside the live version. Refused
 * while a canary of the remote runs; the live version again changes nothing.
 */
export function deploy(
  state: StoreState,
  name: RemoteName,
  version: string,
  { canary, now }: { canary?: number; now: Date },
): Change<{ version: string; changed: boolean }> {
  if (canary !== undefined) checkCanaryShare(canary);
  const before = state[name];
  const unchanged = { state, result: { version, changed: false } };
  // The same canary published again (a pipeline run twice, or to a second store) is what runs already.
  if (canary !== undefined && before?.canary?.version === version && before.canary.percent === canary) return unchanged;
  if (before?.canary) throw canaryInTheWay(name, before.canary, 'deploy');
  if (before?.current === version) return unchanged;
  const result = { version, changed: true };
  if (canary !== undefined) {
    if (!before) throw new Error(`${name} has no live version yet: deploy it first, then release canaries`);
    return {
      state: withRemote(state, name, {
        ...before,
        canary: { version, percent: canary, startedAt: now.toISOString() },
      }),
      result,
      action: { action: 'canary', remote: name, version, details: { share: canary, live: before.current } },
    };
  }
  const previous = before ? [...before.previous, before.current].slice(-HISTORY) : [];
  return {
    state: withRemote(state, name, { ...before, current: version, previous }),
    result,
    action: { action: 'publish', remote: name, version, details: before ? { replaced: before.current } : {} },
  };
}

/** The canary made live for everyone; the version it replaces becomes the one `rollback` returns to. */
export function promote(state: StoreState, name: RemoteName): Change<{ from: string; to: string }> {
  const entry = state[name];
  if (!entry?.canary) throw new Error(`${name} has no canary to promote`);
  const from = entry.current;
  const to = entry.canary.version;
  return {
    state: withRemote(state, name, {
      current: to,
      previous: [...entry.previous, from].slice(-HISTORY),
      ...(entry.lastAbort ? { lastAbort: entry.lastAbort } : {}),
    }),
    result: { from, to },
    action: { action: 'promote', remote: name, version: to, details: { replaced: from, share: entry.canary.percent } },
  };
}

/**
 * Everyone back on the live version. `version`, when given, aborts only that canary (the gateway's own abort must
 * not end a newer canary released meanwhile); an automatic abort with nothing to abort answers null, an operator's
 * is refused.
 */
export function abort(
  state: StoreState,
  name: RemoteName,
  { reason = 'aborted by an operator', automatic = false, version }: Partial<Omit<Abort, 'at'>>,
  now: Date,
): Change<Abort | null> {
  const entry = state[name];
  const canary = entry?.canary;
  if (!entry || !canary || (version !== undefined && canary.version !== version)) {
    if (automatic) return { state, result: null };
    throw new Error(`${name} has no canary to abort`);
  }
  if (reason.length > ABORT_REASON_MAX)
    throw new Error(`an abort reason must be at most ${ABORT_REASON_MAX} characters`);
  const lastAbort = { version: canary.version, at: now.toISOString(), reason, automatic };
  const { canary: _ended, ...rest } = entry;
  return {
    state: withRemote(state, name, { ...rest, lastAbort }),
    result: lastAbort,
    action: {
      action: 'abort',
      remote: name,
      version: canary.version,
      details: { reason, automatic, share: canary.percent },
    },
  };
}

/**
 * The running canary served to another share of visitors (the Releases tab, decision 0059). Buckets count up from each
 * remote's offset (contracts `inCanary`), so a larger share keeps every visitor who had the canary, a smaller one
 * keeps a part of them. The same share again changes nothing.
 */
export function reshare(state: StoreState, name: RemoteName, percent: number): Change<{ from: number; to: number }> {
  checkCanaryShare(percent);
  const entry = state[name];
  if (!entry?.canary) throw new Error(`${name} has no canary whose share could change`);
  const from = entry.canary.percent;
  if (from === percent) return { state, result: { from, to: percent } };
  return {
    state: withRemote(state, name, { ...entry, canary: { ...entry.canary, percent } }),
    result: { from, to: percent },
    action: { action: 'share', remote: name, version: entry.canary.version, details: { share: percent, from } },
  };
}

/** The previously live version made current again. Refused while a canary runs (abort it first). */
export function rollback(state: StoreState, name: RemoteName): Change<{ from: string; to: string }> {
  const entry = state[name];
  if (entry?.canary) throw canaryInTheWay(name, entry.canary, 'roll back', { orPromote: false });
  const to = entry?.previous.at(-1);
  if (!entry || !to) throw new Error(`No earlier version of ${name} to roll back to`);
  return {
    state: withRemote(state, name, { ...entry, current: to, previous: entry.previous.slice(0, -1) }),
    result: { from: entry.current, to },
    action: { action: 'rollback', remote: name, version: to, details: { replaced: entry.current } },
  };
}

/** The stored versions of a remote that may go: neither live, canary nor in the rollback history. */
export function prunable(state: StoreState, name: RemoteName, stored: readonly string[]): string[] {
  const entry = state[name];
  const keep = new Set([entry?.current, entry?.canary?.version, ...(entry?.previous ?? [])]);
  return stored.filter((version) => !keep.has(version));
}

/**
 * The live pointer and the canaries beside it. `overrides` point a remote elsewhere (CDN, dev server, from
 * REMOTE_<NAME>_URL): it then has no canary, and its only version is EXTERNAL_VERSION.
 */
export function releasesOf(state: StoreState, overrides: Partial<Record<RemoteName, string>>): Releases {
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
}
