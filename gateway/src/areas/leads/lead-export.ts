import type { Row } from '@libsql/client';
import { and, desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { endpoints, LEAD_TYPES, nzIsoDay, STAFF_ROLES, type LeadType } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { users, type Db } from '../../platform/db';
import { csvBytes } from '../../platform/http/csv';
import { csvStream, FIRST_PAGE_ROWS } from '../../platform/http/csv-stream';
import { slots } from '../../platform/http/slots';
import { tooMany } from '../../platform/http/too-many';
import type { ApiDeps } from '../../platform/http/deps';
import { KIND_COLUMN, leadCsvColumns, type StaffNames } from './lead-csv';
import { filters, LEAD_TABLES } from './lead-tables';
import { endpointRoutes } from '../../platform/http/routes';

/** Exports running at once, per person and in all (on each gateway): each holds a reader and a page or two. */
export const EXPORT_LIMITS = { perUser: 2, inAll: 4 } as const;
/** 100,000 rows take a few seconds: a refused export may be tried again about this soon. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Reads the leads of the export a page at a time in the inbox's order, newest first (ties by id): each page starts
 * after the last row of the one before (keyset), so every read is an index range of one page, never an OFFSET that
 * skips all the rows already sent. Both statements are built once per export (drizzle's `prepare`) and give rows as
 * libSQL reads them (`values`): mapping each row to an object was half the cost of reading it (decision 0048).
 */
function pageReader(db: Db, type: LeadType, where: SQL | undefined): PageReader {
  const def = LEAD_TABLES[type];
  // Each row says its kind, for the All view's Kind column.
  const columns = { ...getTableColumns(def.table), [KIND_COLUMN]: sql<LeadType>`${type}`.as(KIND_COLUMN) };
  const query = (after?: SQL) =>
    db
      .select(columns)
      .from(def.table)
      .where(and(where, after))
      .orderBy(desc(def.created), desc(def.id))
      .limit(sql.placeholder('rows'))
      .prepare();
  const firstPage = query();
  const nextPage = query(sql`(${def.created}, ${def.id}) < (${sql.placeholder('created')}, ${sql.placeholder('id')})`);
  return {
    first: async (rows: number) => (await firstPage.values({ rows })) as unknown as Row[],
    next: async (after: Row, rows: number) =>
      (await nextPage.values({ rows, created: after[def.created.name], id: after[def.id.name] })) as unknown as Row[],
  };
}

interface PageReader {
  first: (rows: number) => Promise<Row[]>;
  next: (after: Row, rows: number) => Promise<Row[]>;
}

/**
 * The All view's export: each kind's leads in turn (enquiries, quotes, consultations, sign-ups), each newest first,
 * read as one list of pages. A page that one kind leaves short is filled from the next, so only the last page is
 * short (the stream's sign of the end); the row a page ends with is always of the kind being read, which the next
 * page continues after.
 */
function kindsReader(readers: PageReader[]): PageReader {
  if (readers.length === 1) return readers[0]!;
  let current = 0;
  const fill = async (page: Row[], rows: number) => {
    while (page.length < rows && current < readers.length - 1) {
      current += 1;
      page.push(...(await readers[current]!.first(rows - page.length)));
    }
    return page;
  };
  return {
    first: async (rows) => fill(await readers[0]!.first(rows), rows),
    next: async (after, rows) => fill(await readers[current]!.next(after, rows), rows),
  };
}

/**
 * The file's name says what the screen listed and the New Zealand day it was made:
 * `enquiry-leads-contacted-overdue-my-leads-search-2026-11-28.csv` (the search's words are left out of the name).
 */
export function exportName(
  query: { type: string; status?: string; due?: string; mine?: string; q?: string },
  now: Date,
): string {
  const parts = [query.type, 'leads', query.status, query.due, query.mine ? 'my-leads' : undefined];
  if (query.q) parts.push('search');
  return `${parts.filter(Boolean).join('-')}-${nzIsoDay(now.getTime())}.csv`;
}

/** The staff's names by id, read once per export for its "Assigned to" column (a handful of rows). */
async function staffNames(db: Db): Promise<StaffNames> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * `GET /admin/leads/export.csv`: every lead of a kind (or of all four) that matches the list's filters, as CSV a
 * person reads (decision 0068), streamed from the database to the client page by page with the client's own pace
 * (decision 0048).
 */
export function leadExportApi({ db, logger }: ApiDeps) {
  const running = slots({ perKey: EXPORT_LIMITS.perUser, total: EXPORT_LIMITS.inAll });
  const refusal = {
    perKey: `Only ${EXPORT_LIMITS.perUser} exports can run at once for each person, and ${EXPORT_LIMITS.perUser} of yours are still running. Please wait for one of them to finish, then try again.`,
    total: `Only ${EXPORT_LIMITS.inAll} exports can run at once for the whole team, and ${EXPORT_LIMITS.inAll} are running now. Please try again in a few seconds.`,
  };

  return endpointRoutes().on(endpoints.exportLeads, async (c) => {
    const query = c.req.valid('query');
    const { user } = requireStaff(c);
    const headers = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportName(query, new Date())}"`,
      'Cache-Control': 'private, no-store',
    };
    // Headers only: a body nobody reads would hold its slot for good.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const slot = running.take(String(user.id));
    if ('full' in slot) return tooMany(c, RETRY_AFTER_SECONDS, refusal[slot.full]);

    const types = query.type === 'all' ? LEAD_TYPES : [query.type];
    const read = kindsReader(
      types.map((type) =>
        pageReader(
          db,
          type,
          filters({ ...query, type, assignedTo: query.mine ? user.id : undefined }, { inCreatedOrder: true }),
        ),
      ),
    );
    let first: Row[];
    let staff: StaffNames;
    try {
      first = await read.first(FIRST_PAGE_ROWS);
      staff = await staffNames(db);
    } catch (error) {
      slot.release();
      throw error;
    }
    const columns = leadCsvColumns(types, staff);
    if (first.length < FIRST_PAGE_ROWS) {
      slot.release();
      // No lead matches: the header alone, so the file still says what it would hold.
      return c.body(csvBytes(first, columns, true), 200, headers);
    }
    const body = csvStream({
      first,
      columns,
      next: read.next,
      settled(outcome, rows, error) {
        slot.release();
        if (outcome === 'cancelled')
          logger.info('lead export stopped: the client went away', { type: query.type, rows });
        if (outcome === 'failed') logger.error('lead export failed', { type: query.type, rows, error: String(error) });
      },
    });
    return c.body(body, 200, headers);
  }).app;
}
