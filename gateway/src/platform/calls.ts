import type { Attributes } from '@opentelemetry/api';
import { inSpan, SpanKind, tracingEnabled } from './tracing';

/**
 * What kind of call to the database or the bucket, as metrics count it (decision 0088). A caller makes one per
 * kind and reuses it: a call's own figures (its time, its outcome) are handed beside it, not copied into it.
 */
export interface Call {
  system: 'db' | 'bucket';
  /** A fixed word: `select`, `insert`, `update`, `delete`, `batch`, `other`; `get`, `put`, `head`... */
  op: string;
  /** For the bucket: which store (`remotes`, `content-images`, `files`). */
  target?: string;
}

export type CallListener = (call: Call, seconds: number, error: boolean) => void;

const listeners = new WeakMap<object, Set<CallListener>>();

/** Calls `listen` after each call made through `owner` (a database client, a set of object stores). */
export function onCalls(owner: object, listen: CallListener): () => void {
  let set = listeners.get(owner);
  if (!set) listeners.set(owner, (set = new Set()));
  set.add(listen);
  return () => set.delete(listen);
}

function tell(set: Set<CallListener>, call: Call, started: number, error: boolean) {
  const seconds = (performance.now() - started) / 1000;
  for (const listen of set) listen(call, seconds, error);
}

/**
 * Times `run` as one call of `owner` and tells its listeners; with tracing on, wraps it in a client span named
 * `spanName` with `attributes()` (only made then: an SQL text is not cut for nothing). The outcome, value or error,
 * is `run`'s own. A cached page makes a database call on every request (the release state's revision), so this is
 * kept lean: no `async` (a promise turn), no object made per call, and with nobody listening and tracing off, `run`
 * alone.
 */
export function timedCall<T>(
  owner: object,
  call: Call,
  spanName: string,
  attributes: () => Attributes,
  run: () => Promise<T>,
): Promise<T> {
  const set = listeners.get(owner);
  const traced = tracingEnabled();
  if (!set?.size) return traced ? inSpan(spanName, attributes(), run, { kind: SpanKind.CLIENT }) : run();
  const started = performance.now();
  const running = traced ? inSpan(spanName, attributes(), run, { kind: SpanKind.CLIENT }) : run();
  return running.then(
    (value) => {
      tell(set, call, started, false);
      return value;
    },
    (error: unknown) => {
      tell(set, call, started, true);
      throw error;
    },
  );
}
