import type { Client, InArgs, InStatement, Transaction, TransactionMode } from '@libsql/client';
import { timedCall, type Call } from '../calls';

/** The statement's first word, as a metric label from a fixed set; one `Call` each, made once. */
const OPS = ['select', 'insert', 'update', 'delete', 'with', 'pragma', 'begin', 'commit', 'rollback', 'other'];
const CALLS = new Map<string, Call>(OPS.map((op) => [op, { system: 'db', op }]));
const BATCH: Call = { system: 'db', op: 'batch' };
const FIRST_WORD = /^\s*(\w+)/;
const textOf = (statement: InStatement) => (typeof statement === 'string' ? statement : statement.sql);
const callOf = (statement: InStatement): Call =>
  CALLS.get(FIRST_WORD.exec(textOf(statement))?.[1]?.toLowerCase() ?? '') ?? CALLS.get('other')!;

/** Bound values never go into a span: only the statement's text, cut. */
const SQL_CHARS = 2000;
const DB = 'sqlite';

/**
 * Times `execute` and `batch` of a client or a transaction, as calls of `owner` (decision 0088): own members of
 * `target` over its class's methods, which they call. No proxy in between: a member read through a proxy's trap
 * costs on every statement. Assigning `execute` later (a test wrapping it) replaces the timed member, and a wrapper
 * that calls the member it replaced calls the timed one, never itself.
 */
function timeMethods<T extends Client | Transaction>(owner: object, target: T): T {
  const execute = target.execute.bind(target) as (statement: InStatement, args?: InArgs) => ReturnType<T['execute']>;
  const batch = target.batch.bind(target) as (
    statements: InStatement[],
    mode?: TransactionMode,
  ) => ReturnType<T['batch']>;
  Object.assign(target, {
    execute(statement: InStatement, args?: InArgs) {
      const call = callOf(statement);
      return timedCall(
        owner,
        call,
        `db ${call.op}`,
        () => ({
          'db.system.name': DB,
          'db.operation.name': call.op,
          'db.query.text': textOf(statement).slice(0, SQL_CHARS),
        }),
        () => (args === undefined ? execute(statement) : execute(statement, args)),
      );
    },
    batch(statements: InStatement[], mode?: TransactionMode) {
      return timedCall(
        owner,
        BATCH,
        'db batch',
        () => ({
          'db.system.name': DB,
          'db.operation.name': 'batch',
          'db.operation.batch.size': statements.length,
          'db.query.text': statements.map(textOf).join(';\n').slice(0, SQL_CHARS),
        }),
        () => (mode === undefined ? batch(statements) : batch(statements, mode)),
      );
    },
  });
  return target;
}

/**
 * The libSQL client with every call timed for /metrics and, with tracing on, in a span (decision 0088): `execute`,
 * `batch` and the statements of an interactive transaction. What the client does is unchanged; the deadline of each
 * call to a libSQL server (platform/db/client.ts) is inside, so a call that times out is counted as an error. The client
 * itself is answered (and is what listeners subscribe to), its members replaced.
 */
export function instrumentClient(client: Client): Client {
  const transaction = client.transaction.bind(client);
  timeMethods(client, client);
  client.transaction = async (mode?: TransactionMode) => timeMethods(client, await transaction(mode));
  return client;
}
