import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { DependencyError } from '../dependencies';
import { instrumentClient } from './instrumented';
import * as schema from './schema';

/** How long a write waits for another connection's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Any libSQL URL: `file:` runs SQLite in-process; http/ws/libsql reach a libSQL server or Turso.
 * For files: @libsql/client keeps a pool of connections (one per open transaction), so per-connection
 * PRAGMAs sent with execute() would reach only one of them. The busy timeout therefore goes through the
 * client's `timeout` option, which it applies to every connection; WAL is a property of the database file,
 * so setting it once is enough.
 *
 * Rule for callers: make multi-statement writes atomic with `db.batch([...])`, not an interactive
 * `db.transaction(async tx => ...)`. On a file database every statement runs synchronously on the event-loop
 * thread; an interactive write transaction that awaits between statements leaves its lock held, and any other
 * write in the same process then blocks the thread for the whole busy timeout (a self-deadlock ending in
 * SQLITE_BUSY). A batch runs BEGIN...COMMIT in one synchronous step, on servers in one round trip.
 */
/**
 * The fetch a libSQL server is reached through (http:, https:, libsql:): every request fails within `timeoutMs`,
 * and a request the server could not answer (no connection, no answer in time, a 5xx) fails as the database being
 * unavailable (platform/dependencies.ts), so the gateway answers 503 rather than hanging or answering 500.
 */
function deadlineFetch(timeoutMs: number) {
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const late = (error as Error).name === 'TimeoutError';
      throw new DependencyError(
        'database',
        late ? `no answer from the database within ${timeoutMs} ms` : `the database could not be reached`,
        { cause: error },
      );
    }
    if (response.status >= 500) {
      const said = (await response.text().catch(() => '')).slice(0, 200);
      throw new DependencyError('database', `the database answered ${response.status}${said ? `: ${said}` : ''}`);
    }
    return response;
  };
}

export function createDb(url: string, opts: { authToken?: string; timeoutMs?: number } = {}) {
  const isFile = url.startsWith('file:');
  if (isFile) {
    const file = url.startsWith('file://')
      ? fileURLToPath(url.replace(/\?.*$/, ''))
      : url.slice('file:'.length).replace(/\?.*$/, '');
    if (file && file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  // Every call timed for /metrics and traced (decision 0088), the deadline of each request to a server inside it.
  const client = instrumentClient(
    createClient({
      url,
      authToken: opts.authToken,
      ...(isFile ? { timeout: BUSY_TIMEOUT_MS } : {}),
      ...(!isFile && opts.timeoutMs ? { fetch: deadlineFetch(opts.timeoutMs) } : {}),
    }),
  );
  const db = drizzle(client, { schema });
  return {
    db,
    client,
    /** Switches a file database to WAL (readers never block the writer). No-op on servers. */
    async init() {
      if (isFile) await client.execute('PRAGMA journal_mode = WAL');
    },
    close: () => client.close(),
  };
}

export type Db = ReturnType<typeof createDb>['db'];
