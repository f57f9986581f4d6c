/**
 * The two things a gateway cannot answer without: the database and the object store (decision 0086). A call to
 * either that fails for want of the service (no answer within its deadline, a refused or dropped connection, a 5xx)
 * throws a DependencyError; whatever layer it passes through (drizzle, a handler), app.ts finds it in the error's
 * causes and answers 503 with Retry-After and a sentence, never a 500 and never a hang.
 */
export type Dependency = 'database' | 'bucket';

/** How long a client is asked to wait before trying again while a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/** What a visitor, a pipeline or a script reads while a dependency is down. */
export const OUTAGE_SENTENCE: Record<Dependency, string> = {
  database: 'The site cannot reach its database right now. Please try again in a few seconds.',
  bucket: 'The site cannot reach its file store right now. Please try again in a few seconds.',
};

export class DependencyError extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DependencyError';
  }
}

/**
 * The DependencyError among `error` and its causes, or null when the failure is something else. A file database
 * locked past its busy timeout (SQLITE_BUSY) counts too: the write may succeed if sent again.
 */
export function dependencyFailure(error: unknown): DependencyError | null {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyError) return e;
    if ((e as { code?: unknown }).code === 'SQLITE_BUSY')
      return new DependencyError('database', 'the database stayed locked past its busy timeout', { cause: e });
  }
  return null;
}

/** The answer while a dependency is down: 503, Retry-After, and the sentence, as JSON or as text. */
export function outageResponse(failure: DependencyError, as: 'json' | 'text' = 'json'): Response {
  const message = OUTAGE_SENTENCE[failure.dependency];
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };
  return as === 'json'
    ? Response.json({ message }, { status: 503, headers })
    : new Response(message, { status: 503, headers: { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' } });
}

/**
 * Runs `work` with an AbortSignal that fires after `ms`; past the deadline the call fails with a DependencyError
 * even if `work` ignores the signal. The timer covers the call only (for a stream, until its headers): a body read
 * afterwards is not cut short by it.
 */
export async function withDeadline<T>(
  dependency: Dependency,
  ms: number,
  what: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DependencyError(dependency, `${what}: no answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an answer to `path` is read by a program (the API, the pointer document) rather than shown as a page. */
export const answersJson = (path: string) => path.startsWith('/api/') || path.endsWith('.json');

/** Logged at most this often per dependency while it stays down, with the count of answers it cost since. */
const OUTAGE_LOG_MS = 10_000;

/**
 * The log of an outage: its first failed answer at once (a warning naming the dependency and why), then one line per
 * ten seconds with how many answers it cost, so an outage under load is a few lines, not one per request.
 */
export function outageLog(logger: { warn: (msg: string, fields?: Record<string, unknown>) => void }) {
  const last = new Map<Dependency, { at: number; since: number }>();
  return {
    note(failure: DependencyError, path: string) {
      const now = Date.now();
      const seen = last.get(failure.dependency);
      if (seen && now - seen.at < OUTAGE_LOG_MS) {
        seen.since++;
        return;
      }
      logger.warn('dependency unavailable', {
        dependency: failure.dependency,
        error: failure.message,
        path,
        answered503: (seen?.since ?? 0) + 1,
      });
      last.set(failure.dependency, { at: now, since: 0 });
    },
  };
}
