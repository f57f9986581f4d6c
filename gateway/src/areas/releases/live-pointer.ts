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
 * The live pointer and canaries, as the release state in the database says now (decision 0058). Deploys, canaries,
 * promotions and rollbacks are made by another process (the `remotes` CLI), possibly on another machine, and aborts
 * by any gateway, so every instance looks: one read of the state's revision per request (an index lookup), and of
 * the state only when it has moved. Requests that arrive while a look is in flight share it, so under load it costs
 * one look per look's duration, not one per request, and a change is seen by the first request that starts after the
 * look following it.
 */
export function livePointer(
  store: RemoteStore,
  overrides: Partial<Record<RemoteName, string>>,
  urls: AssetUrls = assetUrls(undefined),
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

  async function check(): Promise<LivePointer> {
    const signature = await store.stateSignature();
    if (known?.signature === signature) return known;
    known = { signature, ...describe(atAssetBase(await store.releases(overrides))) };
    return known;
  }

  return (): Promise<LivePointer> =>
    (inFlight ??= check().finally(() => {
      inFlight = undefined;
    }));
}
