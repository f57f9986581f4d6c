import type { Client, InArgs, InStatement, Transaction, TransactionMode } from '@libsql/client';
import { timedCall } from '../calls';

/** The statement's first word, as a metric label from a fixed set. */
const OPS = new Set(['select', 'insert', 'update', 'delete', 'with', 'pragma', 'begin', 'commit', 'rollback']);
const textOf = (statement: InStatement) => (typeof statement === 'string' ? statement : statement.sql);
function opOf(statement: InStatement): string {
  const word = /^\s*(\w+)/.exec(textOf(statement))?.[1]?.toLowerCase() ?? '';
  return OPS.has(word) ? word : 'other';
}

/** Bound values never go into a span: only the statement's text, cut. */
const SQL_CHARS = 2000;
const DB = 'sqlite';

/** Times `execute` and `batch` of a client or a transaction, as calls of `owner` (decision 0088). */
function timedMethods(owner: object, target: Client | Transaction) {
  return {
    execute(statement: InStatement, args?: InArgs) {
      const op = opOf(statement);
      return timedCall(
        owner,
        { system: 'db', op },
        `db ${op}`,
        () => ({
          'db.system.name': DB,
          'db.operation.name': op,
          'db.query.text': textOf(statement).slice(0, SQL_CHARS),
        }),
        () => (args === undefined ? target.execute(statement) : target.execute(statement as string, args)),
      );
    },
    batch(statements: InStatement[], mode?: TransactionMode) {
      return timedCall(
        owner,
        { system: 'db', op: 'batch' },
        'db batch',
        () => ({
          'db.system.name': DB,
          'db.operation.name': 'batch',
          'db.operation.batch.size': statements.length,
          'db.query.text': statements.map(textOf).join(';\n').slice(0, SQL_CHARS),
        }),
        () => (mode === undefined ? target.batch(statements) : (target as Client).batch(statements, mode)),
      );
    },
  };
}

/**
 * Answers `own[key]` for the methods timed, else the target's own member (methods bound to it). Assigning a timed
 * method replaces the timed one, never the target's: written through, a wrapper that calls the method it replaced
 * would call itself.
 */
function proxied<T extends object>(target: T, own: Record<string | symbol, unknown>): T {
  return new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(own, key)) return own[key];
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
    set(t, key, value) {
      if (Object.hasOwn(own, key)) {
        own[key] = value;
        return true;
      }
      return Reflect.set(t, key, value, t);
    },
  });
}

/**
 * The libSQL client with every call timed for /metrics and, with tracing on, in a span (decision 0088): `execute`,
 * `batch` and the statements of an interactive transaction. What the client does is unchanged; the deadline of each
 * call to a libSQL server (db/client.ts) is inside, so a call that times out is counted as an error.
 */
export function instrumentClient(client: Client): Client {
  const own: Record<string, unknown> = {};
  const proxy = proxied(client, own);
  Object.assign(own, timedMethods(proxy, client), {
    async transaction(mode?: TransactionMode) {
      const tx = await client.transaction(mode);
      return proxied(tx, { ...timedMethods(proxy, tx) });
    },
  });
  return proxy;
}
