import { timedCall, type Call } from '../calls';
import type { ObjectStore, ObjectStores } from './object-store';

/** The calls of a store that go to the bucket (or the folder), each one request. */
const TIMED = ['head', 'get', 'put', 'delete', 'deletePrefix', 'folders'] as const;

/**
 * The object stores with every call timed for /metrics and, with tracing on, in a span (decision 0088); the stores
 * object answered is what listeners subscribe to (calls.ts). A listing (an async iterable) is not timed: it is
 * paged by its reader; nor is `localPath`, which asks nothing of the store.
 */
export function instrumentStores(stores: ObjectStores): ObjectStores {
  const owner: ObjectStores = { ...stores };
  const wrap = (store: ObjectStore, area: string): ObjectStore => {
    const timed: Record<string, unknown> = { ...store };
    for (const op of TIMED) {
      const call = store[op] as (...args: unknown[]) => Promise<unknown>;
      const kind: Call = { system: 'bucket', op, target: area };
      timed[op] = (...args: unknown[]) =>
        timedCall(
          owner,
          kind,
          `bucket ${op}`,
          () => ({
            'storage.kind': stores.kind,
            'storage.area': area,
            'storage.key': String(args[0] ?? '').slice(0, 200),
          }),
          () => call.apply(store, args),
        );
    }
    return timed as unknown as ObjectStore;
  };
  owner.remotes = wrap(stores.remotes, 'remotes');
  owner.contentImages = wrap(stores.contentImages, 'content-images');
  owner.files = wrap(stores.files, 'files');
  return owner;
}
