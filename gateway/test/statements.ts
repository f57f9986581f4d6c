import type { Client, InArgs, InStatement } from '@libsql/client';

export interface SentStatement {
  sql: string;
  args: InArgs;
}

/** Every statement `client` is sent while `work` runs, alone or in a batch, as it is sent (for query-plan tests). */
export async function statementsSent(client: Client, work: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const keep = (stmt: InStatement) => {
    if (typeof stmt === 'object') sent.push({ sql: stmt.sql, args: stmt.args ?? [] });
  };
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  client.execute = ((stmt: InStatement) => {
    keep(stmt);
    return execute(stmt);
  }) as typeof client.execute;
  client.batch = ((stmts: InStatement[], mode) => {
    stmts.forEach(keep);
    return batch(stmts, mode);
  }) as typeof client.batch;
  try {
    await work();
  } finally {
    client.execute = execute;
    client.batch = batch;
  }
  return sent;
}

/** SQLite's plan for a statement as it was sent, its steps joined by ' | '. */
export async function planOf(client: Client, { sql, args }: SentStatement): Promise<string> {
  const plan = await client.execute({ sql: `explain query plan ${sql}`, args });
  return plan.rows.map((r) => String(r.detail)).join(' | ');
}
