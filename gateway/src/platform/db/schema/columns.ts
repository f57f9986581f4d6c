import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

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
