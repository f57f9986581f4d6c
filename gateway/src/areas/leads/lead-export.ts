import type { Row } from '@libsql/client';
import type { Context } from 'hono';
import { and, desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { endpoints, LEAD_TYPES, nzIsoDay, STAFF_ROLES, type LeadType } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { users, type Db } from '../../platform/db';
import { csvBytes } from '../../platform/http/csv';
import { csvStream, FIRST_PAGE_ROWS, type CsvOutcome } from '../../platform/http/csv-stream';
import { zipStream, type ZipOutcome } from '../../platform/http/zip-stream';
import { slots } from '../../platform/http/slots';
import { tooMany } from '../../platform/http/too-many';
import type { ApiDeps } from '../../platform/http/deps';
import { leadCsvColumns, type StaffNames } from './lead-csv';
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
  const columns = getTableColumns(def.table);
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
 * The file's name says what the screen listed and the New Zealand day it was made:
 * `enquiry-leads-contacted-overdue-my-leads-search-2026-11-28.csv` (the search's words are left out of the name).
 */
export function exportName(
  query: { type: string; status?: string; due?: string; mine?: string; q?: string },
  now: Date,
  extension: 'csv' | 'zip' = 'csv',
): string {
  const parts = [query.type, 'leads', query.status, query.due, query.mine ? 'my-leads' : undefined];
  if (query.q) parts.push('search');
  return `${parts.filter(Boolean).join('-')}-${nzIsoDay(now.getTime())}.${extension}`;
}

/** The staff's names by id, read once per export for its "Assigned to" column (a handful of rows). */
async function staffNames(db: Db): Promise<StaffNames> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** One kind's CSV of an export: its first page is read when it is opened, the rest as the client takes it. */
async function kindCsv(
  db: Db,
  type: LeadType,
  where: SQL | undefined,
  staff: StaffNames,
  settled: (outcome: CsvOutcome, rows: number, error?: unknown) => void,
): Promise<ReadableStream<Uint8Array> | Buffer<ArrayBuffer>> {
  const read = pageReader(db, type, where);
  let first: Row[];
  try {
    first = await read.first(FIRST_PAGE_ROWS);
  } catch (error) {
    settled('failed', 0, error);
    throw error;
  }
  const columns = leadCsvColumns(type, staff);
  if (first.length < FIRST_PAGE_ROWS) {
    settled('done', first.length);
    // Less than a page: the file at once (the header alone when no lead matches, so it still says what it holds).
    return csvBytes(first, columns, true);
  }
  return csvStream({ first, columns, next: read.next, settled });
}

const asStream = (body: ReadableStream<Uint8Array> | Buffer<ArrayBuffer>) =>
  Buffer.isBuffer(body) ? new Blob([body]).stream() : body;

/**
 * `GET /admin/leads/export.csv`: every lead of a kind that matches the list's filters, as CSV a person reads
 * (decision 0068), streamed from the database to the client page by page with the client's own pace (decision
 * 0048); `GET /admin/leads/export.zip`: the All view's, one such CSV per kind in a zip (decision 0106).
 */
export function leadExportApi({ db, logger }: ApiDeps) {
  const running = slots({ perKey: EXPORT_LIMITS.perUser, total: EXPORT_LIMITS.inAll });
  const refusal = {
    perKey: `Only ${EXPORT_LIMITS.perUser} exports can run at once for each person, and ${EXPORT_LIMITS.perUser} of yours are still running. Please wait for one of them to finish, then try again.`,
    total: `Only ${EXPORT_LIMITS.inAll} exports can run at once for the whole team, and ${EXPORT_LIMITS.inAll} are running now. Please try again in a few seconds.`,
  };
  const logged = (what: string) => (outcome: CsvOutcome | ZipOutcome, rows?: number, error?: unknown) => {
    if (outcome === 'cancelled') logger.info('lead export stopped: the client went away', { what, rows });
    if (outcome === 'failed') logger.error('lead export failed', { what, rows, error: String(error) });
  };

  /** An export's headers and its place among those running; a HEAD, or a refusal when none is free, is answered. */
  const begin = (c: Context, userId: number, type: string, name: string) => {
    const headers = {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    };
    // Headers only: a body nobody reads would hold its slot for good.
    if (c.req.method === 'HEAD') return { answer: c.body(null, 200, headers) };
    const slot = running.take(String(userId));
    if ('full' in slot) return { answer: tooMany(c, RETRY_AFTER_SECONDS, refusal[slot.full]) };
    return { headers, slot };
  };

  return endpointRoutes()
    .on(endpoints.exportLeads, async (c) => {
      const query = c.req.valid('query');
      const { user } = requireStaff(c);
      const started = begin(c, user.id, 'text/csv; charset=utf-8', exportName(query, new Date()));
      if (started.answer) return started.answer;
      const { headers, slot } = started;
      const log = logged(query.type);
      try {
        const where = filters({ ...query, assignedTo: query.mine ? user.id : undefined }, { inCreatedOrder: true });
        const body = await kindCsv(db, query.type, where, await staffNames(db), (outcome, rows, error) => {
          slot.release();
          log(outcome, rows, error);
        });
        return c.body(body, 200, headers);
      } catch (error) {
        slot.release();
        throw error;
      }
    })
    .on(endpoints.exportAllLeads, async (c) => {
      const query = c.req.valid('query');
      const { user } = requireStaff(c);
      const now = new Date();
      const started = begin(c, user.id, 'application/zip', exportName({ ...query, type: 'all' }, now, 'zip'));
      if (started.answer) return started.answer;
      const { headers, slot } = started;
      let staff: StaffNames;
      try {
        staff = await staffNames(db);
      } catch (error) {
        slot.release();
        throw error;
      }
      const assignedTo = query.mine ? user.id : undefined;
      const files = LEAD_TYPES.map((type) => ({
        name: exportName({ ...query, type }, now),
        open: async () =>
          asStream(
            await kindCsv(
              db,
              type,
              filters({ ...query, type, assignedTo }, { inCreatedOrder: true }),
              staff,
              // The zip's own outcome is logged once, below: a file's cancel or failure is the zip's.
              () => undefined,
            ),
          ),
      }));
      const body = zipStream(
        files,
        (outcome, error) => {
          slot.release();
          logged('all')(outcome, undefined, error);
        },
        now,
      );
      return c.body(body, 200, headers);
    }).app;
}
