import { sql } from 'drizzle-orm';
import { customType, integer } from 'drizzle-orm/sqlite-core';

/**
 * Timestamps are integer milliseconds since the epoch (drizzle `timestamp_ms`, a `Date` in code): sortable,
 * exact, and the same on a local file and on a libSQL server.
 */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const createdAt = () =>
  timestamp('createdAt')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const updatedAt = () =>
  timestamp('updatedAt')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
    .$onUpdate(() => new Date());

export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const bool = (name: string) => integer(name, { mode: 'boolean' });

/**
 * A JSON value in a text column, as drizzle's `text(name, { mode: 'json' })` stores it, read without trusting it
 * (decision 0111): stored text that is not JSON reads as that text instead of failing the whole select with a
 * SyntaxError, so one damaged row reaches its reader, which parses the value by its schema and says what it does
 * with one that does not parse. `T` is what is written; a reader never takes it on trust.
 */
export const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (text) => {
      try {
        return JSON.parse(text) as T;
      } catch {
        return text as T;
      }
    },
  })(name);
