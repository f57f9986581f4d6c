import type { InValue, ResultSet } from '@libsql/client';
import { getTableColumns, is, Param, Placeholder, sql, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/**
 * Drizzle builds a query's SQL again on every call; for a lead POST that was over a third of the gateway's CPU
 * (measured: 1,700 -> 2,600 req/s once compiled). Its own `.prepare()` avoids that, but a prepared query cannot
 * join a `db.batch`, and leads are stored in batches (group commit). So the hot inserts are compiled here once,
 * by drizzle itself from the schema, with placeholders, and each call only binds its values through the same
 * column encoders drizzle would use. See docs/decisions/0012.
 */

type Returning = Record<string, SQLiteColumn>;

/** A returning selection's row type, as drizzle's own `.returning(selection)` types it. */
export type Returned<S extends Returning> = {
  [K in keyof S]: S[K]['_']['notNull'] extends true ? S[K]['_']['data'] : S[K]['_']['data'] | null;
};

/** A statement ready for libSQL (`sql` + `args`), with the reader for the rows its `returning` clause gives. */
export interface Compiled<R> {
  readonly sql: string;
  readonly args: InValue[];
  readonly read: (result: ResultSet) => R[];
}

type Slot = { readonly value: InValue } | { readonly name: string; readonly encode?: (value: unknown) => unknown };

/** What each `?` of the SQL takes: a constant (already a driver value) or a named value and its encoder. */
function slotsOf(params: unknown[]): Slot[] {
  return params.map((p): Slot => {
    if (is(p, Param)) {
      const encode = p.encoder ? (v: unknown) => p.encoder.mapToDriverValue(v) : undefined;
      if (is(p.value, Placeholder)) return { name: p.value.name, encode };
      return { value: (p.value === null || !encode ? p.value : encode(p.value)) as InValue };
    }
    if (is(p, Placeholder)) return { name: p.name };
    return { value: p as InValue };
  });
}

function bind(slots: Slot[], values: Record<string, unknown>): InValue[] {
  const args = new Array<InValue>(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if ('value' in slot) {
      args[i] = slot.value;
      continue;
    }
    const value = values[slot.name];
    args[i] = (value === null || value === undefined ? null : slot.encode ? slot.encode(value) : value) as InValue;
  }
  return args;
}

/** Rows of a `returning` clause, by position (SQL names its columns, not the selection's keys), decoded. */
function readerOf<S extends Returning>(returning: S): (result: ResultSet) => Returned<S>[] {
  const fields = Object.entries(returning);
  return (result) =>
    result.rows.map((row) => {
      const out: Record<string, unknown> = {};
      fields.forEach(([key, column], i) => {
        const raw = row[i];
        out[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
      });
      return out as Returned<S>;
    });
}

/**
 * Compiles a drizzle query built with `sql.placeholder(name)`s: the SQL is built now, once; the returned function
 * binds a call's values by placeholder name. `returning` must be the selection the query returns.
 */
export function compile<S extends Returning>(
  query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } },
  returning: S,
): (values: Record<string, unknown>) => Compiled<Returned<S>> {
  const built = query.toSQL();
  const slots = slotsOf(built.params);
  const read = readerOf(returning);
  return (values) => ({ sql: built.sql, args: bind(slots, values), read });
}

/** Distinct sets of given fields kept per table; past this, an odd shape is compiled for its one call. */
const MAX_SHAPES = 32;

/**
 * `db.insert(table).values(values).returning(returning)`, compiled once per shape (the set of fields given, so
 * an absent field takes its column default exactly as in drizzle's own insert). Refuses, at start-up, a table
 * with a JS-side default (`$defaultFn`, or `$onUpdate` without a default): compiling would freeze its value.
 */
export function compiledInsert<T extends SQLiteTable, S extends Returning>(db: Db, table: T, returning: S) {
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    const jsDefault =
      column.defaultFn !== undefined || (column.onUpdateFn !== undefined && column.default === undefined);
    if (jsDefault)
      throw new Error(`compiledInsert: column ${name} has a JS default, which a compiled insert would freeze`);
  }
  const shapes = new Map<string, (values: Record<string, unknown>) => Compiled<Returned<S>>>();
  return (values: T['$inferInsert']): Compiled<Returned<S>> => {
    const given = Object.keys(values).filter((key) => (values as Record<string, unknown>)[key] !== undefined);
    const shape = given.join('\0');
    let bound = shapes.get(shape);
    if (!bound) {
      const placeholders = Object.fromEntries(given.map((key) => [key, sql.placeholder(key)]));
      bound = compile(
        db
          .insert(table)
          .values(placeholders as T['$inferInsert'])
          .returning(returning),
        returning,
      );
      if (shapes.size < MAX_SHAPES) shapes.set(shape, bound);
    }
    return bound(values as Record<string, unknown>);
  };
}
