import { inCanary, REMOTE_NAMES, type RemoteName, type RemotePointer } from '@agency/contracts';
import { assetUrls, type AssetUrls } from './asset-urls';
import type { Releases } from './release-state';
import type { RemoteStore } from './remote-store';

/** One pointer a visitor may get: the live one, or the live one with some remotes' canaries in. */
export interface PointerVariant {
  pointer: RemotePointer;
  /** Names this pointer (every remote's version and entry): part of every page's cache key. */
  key: string;
}

export interface LivePointer extends PointerVariant {
  /** Names the whole release state (live versions and canaries with their shares): changes with every change. */
  state: string;
  canaries: Releases['canaries'];
  /** A canary runs for some remote: pages then depend on the visitor's bucket. */
  canaryRunning: boolean;
  /** The keys of every variant a visitor may get now (2^canaries of them): the pages worth keeping. */
  variantKeys: ReadonlySet<string>;
  /** Whether browsers may be running this version of this remote now (release-state.ts `known`). */
  isKnown: (remote: string, version: string) => boolean;
  /** The variant for a visitor's release bucket (contracts `inCanary`); the live pointer without canaries. */
  forBucket: (bucket: number) => PointerVariant;
}

const keyOf = (remotes: RemotePointer['remotes']) => JSON.stringify(remotes);

function describe({ pointer, canaries, known }: Releases): LivePointer {
  const names = REMOTE_NAMES.filter((name) => canaries[name]);
  const variants = new Map<string, PointerVariant>();
  // Every combination of canaries, so each visitor's variant is one lookup and page keys are known in advance.
  for (let mask = 0; mask < 1 << names.length; mask++) {
    const remotes = { ...pointer.remotes };
    for (const [i, name] of names.entries())
      if (mask & (1 << i)) remotes[name] = { version: canaries[name]!.version, entry: canaries[name]!.entry };
    variants.set(String(mask), { pointer: { remotes }, key: keyOf(remotes) });
  }
  const live = variants.get('0')!;
  return {
    ...live,
    state: JSON.stringify({ pointer, canaries }),
    canaries,
    canaryRunning: names.length > 0,
    variantKeys: new Set([...variants.values()].map((v) => v.key)),
    isKnown: (remote, version) =>
      Object.hasOwn(known, remote) && (known[remote as RemoteName]?.includes(version) ?? false),
    forBucket(bucket) {
      if (names.length === 0) return live;
      let mask = 0;
      for (const [i, name] of names.entries()) if (inCanary(bucket, name, canaries[name]!.percent)) mask |= 1 << i;
      return variants.get(String(mask))!;
    },
  };
}

/**
 * How long one look at the release state stands for changes made elsewhere (the `remotes` CLI, another gateway): a
 * page request within it costs no database read, and every gateway sees another's change within this and one look's
 * time (decision 0107). Changes this process made are seen at once.
 */
export const FRESH_MS = 250;

/**
 * The live pointer and canaries, as the release state in the database says (decision 0058). Deploys, canaries,
 * promotions and rollbacks are made by another process (the `remotes` CLI), possibly on another machine, and aborts
 * by any gateway, so every instance looks: one read of the state's revision (an index lookup) at most once per
 * `freshMs` while requests come, and of the state only when it has moved. A change written by this process is seen by
 * its next request: the look is taken again at once. Requests that arrive while a look is in flight share it.
 */
export function livePointer(
  store: RemoteStore,
  overrides: Partial<Record<RemoteName, string>>,
  urls: AssetUrls = assetUrls(undefined),
  freshMs = FRESH_MS,
) {
  /** Stored versions' entries at the asset base (ASSET_BASE_URL), when there is one. */
  const atAssetBase = ({ pointer, canaries, known }: Releases): Releases => ({
    pointer: urls.pointer(pointer),
    canaries: Object.fromEntries(
      Object.entries(canaries).map(([name, canary]) => [
        name,
        { ...canary, entry: urls.pointer({ remotes: { [name]: canary } }).remotes[name as RemoteName]!.entry },
      ]),
    ),
    known,
  });
  let known: (LivePointer & { signature: string }) | undefined;
  let inFlight: Promise<LivePointer> | undefined;
  /** When the last finished look started, and how many of this process's own changes it had seen. */
  let lookedAt = -Infinity;
  let seenHere = -1;

  async function look(): Promise<LivePointer> {
    const started = performance.now();
    const here = store.stateWrittenHere();
    const signature = await store.stateSignature();
    if (known?.signature !== signature)
      known = { signature, ...describe(atAssetBase(await store.releases(overrides))) };
    lookedAt = started;
    seenHere = here;
    return known;
  }

  return (): Promise<LivePointer> => {
    if (known && performance.now() - lookedAt < freshMs && store.stateWrittenHere() === seenHere)
      return Promise.resolve(known);
    return (inFlight ??= look().finally(() => {
      inFlight = undefined;
    }));
  };
}
