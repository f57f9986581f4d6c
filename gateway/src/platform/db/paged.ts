import { count, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { PageQuery } from '@agency/contracts';
import type { Db } from './client';

/** Rows to skip for a page already validated by PageQuerySchema (at most 10 million). */
export const offsetOf = ({ page, pageSize }: PageQuery) => (page - 1) * pageSize;

/** An ordered select before its limit and offset, as drizzle builds it. */
interface PageableSelect<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** A page of a list endpoint, as every list answers (`pageOf` in contracts). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list: the page's rows of `rows` (an ordered select) and the count of the rows of `table` that
 * `where` selects (the same filter as `rows`'), read at once.
 */
export async function paged<T>(
  db: Db,
  { page, pageSize }: PageQuery,
  rows: PageableSelect<T>,
  table: SQLiteTable,
  where?: SQL,
): Promise<Page<T>> {
  const [items, [total]] = await Promise.all([
    rows.limit(pageSize).offset(offsetOf({ page, pageSize })),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize };
}
