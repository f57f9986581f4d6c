import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * patches/@libsql__client@*.patch makes the local-file client reuse prepared statements per connection.
 * These tests pin what that must and must not change (docs/decisions/0010-libsql-statement-cache.md).
 */
let dir: string;
let client: Client;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stmt-cache-'));
  client = createClient({ url: `file:${path.join(dir, 'test.db')}` });
  await client.execute('create table t (id integer primary key, v text unique)');
});
afterEach(async () => {
  client.close();
  await rm(dir, { recursive: true, force: true });
});

const preparedCopies = async (sql: string) =>
  (await client.execute({ sql: 'select count(*) as n from sqlite_stmt where sql = ?', args: [sql] })).rows[0]?.n;

describe('prepared statement reuse in @libsql/client (patched)', () => {
  it('prepares a repeated statement once per connection', async () => {
    for (let i = 0; i < 5; i++) await client.execute({ sql: 'select v from t where id = ?', args: [i] });
    expect(await preparedCopies('select v from t where id = ?')).toBe(1);
  });

  it('binds fresh arguments on every run', async () => {
    for (const v of ['a', 'b', 'c']) await client.execute({ sql: 'insert into t (v) values (?)', args: [v] });
    const seen = [];
    for (const id of [3, 1, 2])
      seen.push((await client.execute({ sql: 'select v from t where id = ?', args: [id] })).rows[0]?.v);
    expect(seen).toEqual(['c', 'a', 'b']);
  });

  it('describes the columns afresh after a schema change', async () => {
    await client.execute("insert into t (v) values ('a')");
    expect((await client.execute('select * from t')).columns).toEqual(['id', 'v']);
    await client.execute("alter table t add column w text default 'w'");
    const after = await client.execute('select * from t');
    expect(after.columns).toEqual(['id', 'v', 'w']);
    expect(after.rows[0]?.w).toBe('w');
  });

  it('keeps a statement that names its columns working after another connection changes the table', async () => {
    await client.execute("insert into t (v) values ('a')");
    const named = 'select id, v from t where id = ?';
    expect((await client.execute({ sql: named, args: [1] })).rows[0]).toMatchObject({ id: 1, v: 'a' });
    const other = createClient({ url: `file:${path.join(dir, 'test.db')}` });
    try {
      await other.execute("alter table t add column w text default 'w'");
      await other.execute("insert into t (v) values ('b')");
    } finally {
      other.close();
    }
    const after = await client.execute({ sql: named, args: [2] });
    expect(after.columns).toEqual(['id', 'v']);
    expect({ ...after.rows[0] }).toEqual({ id: 2, v: 'b' });
    expect((await client.execute('select * from t where id = 2')).columns).toEqual(['id', 'v', 'w']);
  });

  it('builds rows as before: names enumerable, positions and length not', async () => {
    await client.execute("insert into t (v) values ('a')");
    const { rows } = await client.execute('select id, v, \'x\' as v, 3 as length, 4 as "0" from t');
    const row = rows[0]!;
    expect(Object.keys(row)).toEqual(['id', 'v']);
    expect(JSON.stringify(row)).toBe('{"id":1,"v":"a"}');
    expect(row.length).toBe(5);
    expect([row[0], row[1], row[2], row[3], row[4]]).toEqual([1, 'a', 'x', 3, 4]);
    expect(Array.prototype.slice.call(row)).toEqual([1, 'a', 'x', 3, 4]);
    expect(Object.hasOwn(row, 'v') && !Object.hasOwn(row, 0)).toBe(true);
    const proto = (await client.execute('select 1 as __proto__')).rows[0]!;
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('reuses a statement that failed, and reports each failure', async () => {
    const insert = { sql: 'insert into t (v) values (?)', args: ['same'] };
    await client.execute(insert);
    await expect(client.execute(insert)).rejects.toThrow(/UNIQUE/);
    await client.execute({ ...insert, args: ['other'] });
    expect((await client.execute('select count(*) as n from t')).rows[0]?.n).toBe(2);
  });

  it('keeps transactions atomic and sees their writes afterwards', async () => {
    const tx = await client.transaction('write');
    await tx.execute("insert into t (v) values ('in-tx')");
    await tx.rollback();
    await client.batch(["insert into t (v) values ('kept')", "insert into t (v) values ('kept too')"], 'write');
    const rows = await client.execute('select v from t order by id');
    expect(rows.rows.map((r) => r.v)).toEqual(['kept', 'kept too']);
  });

  it('stays correct past the cache bound (least recently used statements are dropped)', async () => {
    await client.execute("insert into t (v) values ('x')");
    for (let i = 0; i < 300; i++) {
      const r = await client.execute(`select ${i} as n, v from t`);
      expect(r.rows[0]).toMatchObject({ n: i, v: 'x' });
    }
    expect((await client.execute('select 7 as n, v from t')).rows[0]).toMatchObject({ n: 7, v: 'x' });
  });

  it('leaves no read open between calls: another connection can checkpoint the whole log', async () => {
    await client.execute('pragma journal_mode = wal');
    for (let i = 0; i < 20; i++) await client.execute({ sql: 'insert into t (v) values (?)', args: [`v${i}`] });
    await client.execute('select count(*) from t');
    const other = createClient({ url: `file:${path.join(dir, 'test.db')}` });
    try {
      expect((await other.execute('pragma wal_checkpoint(truncate)')).rows[0]?.busy).toBe(0);
    } finally {
      other.close();
    }
  });
});
