import type { Attributes } from '@opentelemetry/api';
import { inSpan, SpanKind, tracingEnabled } from './tracing';

/** One call to the database or the bucket, as metrics count it (decision 0088). */
export interface Call {
  system: 'db' | 'bucket';
  /** A fixed word: `select`, `insert`, `update`, `delete`, `batch`, `other`; `get`, `put`, `head`... */
  op: string;
  /** For the bucket: which store (`remotes`, `content-images`, `files`). */
  target?: string;
  seconds: number;
  error: boolean;
}

const listeners = new WeakMap<object, Set<(call: Call) => void>>();

/** Calls `listen` after each call made through `owner` (a database client, a set of object stores). */
export function onCalls(owner: object, listen: (call: Call) => void): () => void {
  let set = listeners.get(owner);
  if (!set) listeners.set(owner, (set = new Set()));
  set.add(listen);
  return () => set.delete(listen);
}

/**
 * Times `run` as one call of `owner` and tells its listeners; with tracing on, wraps it in a client span named
 * `spanName` with `attributes()` (only made then: an SQL text is not cut for nothing). The outcome, value or error,
 * is `run`'s own. No `async` here: a database call is tens of microseconds, and an extra promise turn is a part of
 * that worth saving on every one.
 */
export function timedCall<T>(
  owner: object,
  call: Omit<Call, 'seconds' | 'error'>,
  spanName: string,
  attributes: () => Attributes,
  run: () => Promise<T>,
): Promise<T> {
  const set = listeners.get(owner);
  const started = set?.size ? performance.now() : 0;
  const tell = (error: boolean) => {
    if (!set?.size) return;
    const done = { ...call, seconds: (performance.now() - started) / 1000, error };
    for (const listen of set) listen(done);
  };
  const running = tracingEnabled() ? inSpan(spanName, attributes(), run, { kind: SpanKind.CLIENT }) : run();
  return running.then(
    (value) => {
      tell(false);
      return value;
    },
    (error: unknown) => {
      tell(true);
      throw error;
    },
  );
}
