import type { Client, InValue } from '@libsql/client';

/** Rows read and sent per round trip. */
const PAGE_ROWS = 500;
/** The tables SQLite's FTS5 keeps for each full-text index: made by the index itself, never copied row by row. */
const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface SchemaRow {
  type: string;
  name: string;
  sql: string;
}

export interface CopyReport {
  tables: number;
  rows: number;
}

/**
 * Copies a SQLite database (a backup's file) into an empty libSQL server, statement by statement, since a server
 * takes no file and refuses a dump's PRAGMAs and schema writes: each table as its schema says, its rows in pages
 * (rowids kept), the AUTOINCREMENT counters, then the indexes, triggers and views, and last each full-text index
 * rebuilt from its table. Every table's row count is compared at the end.
 */
export async function copyDatabase(source: Client, target: Client): Promise<CopyReport> {
  const schema = (
    await source.execute('SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid')
  ).rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }) satisfies SchemaRow);
  const isVirtual = (row: SchemaRow) => row.type === 'table' && /^CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql);
  const virtual = schema.filter(isVirtual);
  const isShadow = (name: string) => virtual.some((v) => FTS5_SHADOWS.some((suffix) => name === `${v.name}_${suffix}`));
  const tables = schema.filter((r) => r.type === 'table' && !r.name.startsWith('sqlite_') && !isShadow(r.name));
  const plain = tables.filter((t) => !isVirtual(t));

  await target.batch(
    tables.map((t) => t.sql),
    'write',
  );
  let rows = 0;
  for (const table of await parentsFirst(source, plain)) rows += await copyRows(source, target, table);
  const sequence = await source
    .execute('SELECT name, seq FROM sqlite_sequence')
    .then((r) => r.rows)
    .catch(() => []);
  if (sequence.length)
    await target.batch(
      [
        'DELETE FROM sqlite_sequence',
        ...sequence.map((r) => ({
          sql: 'INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)',
          args: [r.name as InValue, r.seq as InValue],
        })),
      ],
      'write',
    );
  const rest = schema.filter((r) => r.type !== 'table' && !r.name.startsWith('sqlite_'));
  if (rest.length)
    await target.batch(
      rest.map((r) => r.sql),
      'write',
    );
  for (const index of virtual) {
    // An external-content index (content='table') is rebuilt from its table; one holding its own text is copied.
    const content = /content\s*=\s*'([^']*)'/i.exec(index.sql)?.[1];
    if (content) await target.execute(`INSERT INTO ${quoted(index.name)}(${quoted(index.name)}) VALUES('rebuild')`);
    else if (content === undefined) rows += await copyRows(source, target, index);
    else throw new Error(`${index.name} is a contentless full-text index: it cannot be copied`);
  }
  for (const table of plain) {
    const count = async (client: Client) =>
      Number((await client.execute(`SELECT count(*) FROM ${quoted(table.name)}`)).rows[0]![0]);
    const [from, to] = await Promise.all([count(source), count(target)]);
    if (from !== to) throw new Error(`${table.name}: ${to} rows copied of ${from}`);
  }
  return { tables: plain.length, rows };
}

/**
 * The tables in an order where every table a foreign key names comes before the tables naming it: a libSQL server
 * checks foreign keys on every write (sqld turns them on), and a table's later columns may name a later table. Tables
 * in a cycle keep their schema order; each page is written with its checks deferred to its commit.
 */
async function parentsFirst(source: Client, tables: SchemaRow[]): Promise<SchemaRow[]> {
  const names = new Set(tables.map((t) => t.name));
  const parents = new Map<string, Set<string>>();
  for (const table of tables) {
    const { rows } = await source.execute({
      sql: 'SELECT "table" FROM pragma_foreign_key_list(?)',
      args: [table.name],
    });
    parents.set(table.name, new Set(rows.map((r) => String(r[0])).filter((p) => p !== table.name && names.has(p))));
  }
  const ordered: SchemaRow[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p)));
    for (const table of ready.length ? ready : tables.filter((t) => !placed.has(t.name)).slice(0, 1)) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** A table's rows in pages of its rowid (or of its order, for a table without one), inserted as they were. */
async function copyRows(source: Client, target: Client, table: SchemaRow): Promise<number> {
  const name = quoted(table.name);
  const withoutRowid = /WITHOUT\s+ROWID\s*$/i.test(table.sql);
  let copied = 0;
  let after: InValue = -(2n ** 63n);
  for (;;) {
    const page = withoutRowid
      ? await source.execute({ sql: `SELECT * FROM ${name} LIMIT ? OFFSET ?`, args: [PAGE_ROWS, copied] })
      : await source.execute({
          sql: `SELECT rowid AS "__rowid", * FROM ${name} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
          args: [after, PAGE_ROWS],
        });
    if (page.rows.length === 0) return copied;
    const columns = withoutRowid ? page.columns : ['rowid', ...page.columns.slice(1)];
    const sql = `INSERT INTO ${name} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    await target.batch(
      ['PRAGMA defer_foreign_keys = ON', ...page.rows.map((row) => ({ sql, args: Array.from(row) as InValue[] }))],
      'write',
    );
    copied += page.rows.length;
    if (!withoutRowid) after = page.rows.at(-1)![0] as InValue;
    if (page.rows.length < PAGE_ROWS) return copied;
  }
}

/** Whether a database holds no table of its own (a new sqld, a new file): what a restore may write into. */
export async function isEmptyDatabase(client: Client): Promise<boolean> {
  const { rows } = await client.execute("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'");
  return Number(rows[0]![0]) === 0;
}
