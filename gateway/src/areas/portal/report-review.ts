import { FETCHED_FIELDS, FetchedReportSchema, type ReviewReport } from '@agency/contracts';
import type { monthlyReports } from '../../platform/db';
import type { Logger } from '../../platform/logger';

type Row = typeof monthlyReports.$inferSelect;

/** A stored report as the client sees it: no fetched values (what staff changed stays between staff). */
export function asPublished<R extends Pick<Row, 'fetched' | 'publishedAt'>>({
  fetched: _fetched,
  publishedAt,
  ...row
}: R) {
  return { ...row, publishedAt: publishedAt?.toISOString() ?? null };
}

/**
 * A stored report as staff review it: what was fetched, parsed by its schema (decision 0111; stored text that does not
 * parse is logged and shown as nothing fetched, the report itself as it is), and the figures that differ from it.
 */
export function reviewOf(row: Row, logger: Logger): ReviewReport {
  let fetched = null;
  if (row.fetched !== null) {
    const parsed = FetchedReportSchema.safeParse(row.fetched);
    if (parsed.success) fetched = parsed.data;
    else logger.warn('stored fetched figures unreadable: shown as none', { reportId: row.id });
  }
  const edited = fetched ? FETCHED_FIELDS.filter((f) => row[f] !== fetched.figures[f]) : [];
  return { ...asPublished(row), fetched, edited };
}
