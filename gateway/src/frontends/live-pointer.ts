import type { RemoteName, RemotePointer } from '@agency/contracts';
import type { RemoteStore } from './remote-store';

export interface LivePointer {
  pointer: RemotePointer;
  /** Names this pointer (every remote's version and entry): part of every page's cache key. */
  key: string;
}

/**
 * The live pointer, as the remote store's state file says now. Deploys and rollbacks are made by another process
 * (the `remotes` CLI), possibly on another machine sharing the store, so every instance looks: one stat of the
 * state file per request, and a read only when it has been replaced. Requests that arrive while a stat is in flight
 * share it, so under load it costs one stat per stat's duration, not one per request, and a deploy is seen by the
 * first request that starts after the stat following it (on a network file system, after its attribute cache).
 */
export function livePointer(store: RemoteStore, overrides: Partial<Record<RemoteName, string>>) {
  let known: (LivePointer & { signature: string }) | undefined;
  let inFlight: Promise<LivePointer> | undefined;

  async function check(): Promise<LivePointer> {
    const signature = await store.stateSignature();
    if (known?.signature === signature) return known;
    const pointer = await store.pointer(overrides);
    known = { signature, pointer, key: JSON.stringify(pointer.remotes) };
    return known;
  }

  return (): Promise<LivePointer> =>
    (inFlight ??= check().finally(() => {
      inFlight = undefined;
    }));
}
