/**
 * Decision 0081: the registry of where personal data lives (gateway/src/areas/privacy/registry.ts) covers the schema as
 * migrated. Every column of every table whose name says it holds an e-mail address, a name, a phone number, a
 * browser or network address, or who did something is in the registry (or listed as no one's, with the reason); a
 * new table with such a column fails here until it says how a person's rows are found, exported and erased.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FIELDS } from '@agency/contracts';
import type { Db } from '../../platform/db';
import { NOT_PERSONAL, PERSONAL_DATA } from './registry';
import { setupApp } from '../../../test/helpers';

/** Column names that say a column holds someone. */
const PERSONAL_NAME = /mail|name|phone|^to$|userdata|useragent|^address$|^actor(name)?$|^subject$|createdby/i;

/** The tables and columns of the database, as migrations left it (FTS5's own storage tables aside). */
async function schema(db: Db) {
  const tables = await db.all<{ name: string; sql: string | null }>(
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations'`,
  );
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  const shadow = (name: string) =>
    virtual.some((v) => /^_(data|idx|docsize|config|content)$/.test(name.slice(v.length)) && name.startsWith(v));
  const columns = new Map<string, string[]>();
  for (const t of tables.filter((t) => !shadow(t.name))) {
    const info = await db.all<{ name: string }>(sql.raw(`pragma table_info("${t.name}")`));
    columns.set(
      t.name,
      info.map((c) => c.name),
    );
  }
  return columns;
}

/** The columns that look personal and that the registry does not cover: `table.column`. */
async function unregistered(db: Db): Promise<string[]> {
  const covered = (table: string, column: string) =>
    PERSONAL_DATA.some((p) => p.table === table && p.columns.includes(column)) ||
    (NOT_PERSONAL[table]?.columns.includes(column) ?? false);
  const missing: string[] = [];
  for (const [table, columns] of await schema(db))
    for (const column of columns)
      if (PERSONAL_NAME.test(column) && !covered(table, column)) missing.push(`${table}.${column}`);
  return missing;
}

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({ LOG_LEVEL: 'silent' });
});
afterAll(() => t.cleanup());

describe('the registry of personal data', () => {
  it('covers every column of the schema that holds someone', async () => {
    expect(await unregistered(t.db)).toEqual([]);
  });

  it('fails for a new table with an e-mail, name or phone column', async () => {
    await t.db.run(
      sql`create table newsletter_signups (id integer primary key, email text, fullName text, mobilePhone text)`,
    );
    try {
      expect(await unregistered(t.db)).toEqual([
        'newsletter_signups.email',
        'newsletter_signups.fullName',
        'newsletter_signups.mobilePhone',
      ]);
    } finally {
      await t.db.run(sql`drop table newsletter_signups`);
    }
  });

  it('names only tables and columns that exist, and every file of a copy once', async () => {
    const columns = await schema(t.db);
    for (const place of PERSONAL_DATA) {
      expect(columns.has(place.table), place.table).toBe(true);
      for (const column of place.columns)
        expect(columns.get(place.table), `${place.table}.${column}`).toContain(column);
      const match = place.match;
      const named = 'column' in match ? [match.column] : match.by === 'mention' ? [match.to, ...match.text] : [];
      for (const column of named)
        expect(columns.get(place.table), `${place.table} matches by ${column}`).toContain(column);
      if ('fields' in place.copy && place.copy.fields !== 'lead')
        for (const [column] of place.copy.fields)
          expect(columns.get(place.table), `${place.table}.${column}`).toContain(column);
    }
    for (const [table, { columns: names }] of Object.entries(NOT_PERSONAL))
      for (const column of names) expect(columns.get(table), `${table}.${column}`).toContain(column);
    const files = PERSONAL_DATA.flatMap((p) => ('file' in p.copy ? [p.copy.file] : []));
    expect(new Set(files).size).toBe(files.length);
  });

  it("puts every personal column of a place in the person's copy, or says why the place is left out", () => {
    const leadKeys = new Set(LEAD_FIELDS.map(([key]) => key));
    for (const place of PERSONAL_DATA) {
      const copy = place.copy;
      if ('leftOut' in copy) {
        expect(copy.leftOut.length, place.table).toBeGreaterThan(10);
        continue;
      }
      const shown = copy.fields === 'lead' ? leadKeys : new Set(copy.fields.map(([column]) => column));
      // A staff member's own name beside a note (lead_events.userName) is shown as who wrote it.
      for (const column of place.columns)
        expect(shown.has(column), `${place.table}.${column} in ${copy.file}`).toBe(true);
    }
  });

  it('says for every place how long its rows are kept', () => {
    for (const place of PERSONAL_DATA) expect(place.kept.length, place.table).toBeGreaterThan(5);
  });
});
