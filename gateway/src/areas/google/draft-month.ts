import { and, between, eq, sql } from 'drizzle-orm';
import { FETCHED_FIELDS, FetchedReportSchema, type FetchedReport } from '@agency/contracts';
import { googleConnections, googleDailyFigures, monthlyReports, type Db } from '../../platform/db';
import { buildMonthReport, daysOf, monthBefore } from './month-report';

export type DraftOutcome =
  | { outcome: 'created' | 'refreshed'; id: number }
  | { outcome: 'published'; id: number }
  | { outcome: 'not-connected' }
  | { outcome: 'no-figures' };

const dayColumns = {
  day: googleDailyFigures.day,
  sessions: googleDailyFigures.sessions,
  keyEvents: googleDailyFigures.keyEvents,
  organicSessions: googleDailyFigures.organicSessions,
  paidSessions: googleDailyFigures.paidSessions,
  clicks: googleDailyFigures.clicks,
  impressions: googleDailyFigures.impressions,
  position: googleDailyFigures.position,
  topQueries: googleDailyFigures.topQueries,
  topPages: googleDailyFigures.topPages,
};

/** The stored days of a client from the first of `from` to the last of `to` (`YYYY-MM`). */
function storedDays(db: Db, clientId: number, from: string, to: string) {
  return db
    .select(dayColumns)
    .from(googleDailyFigures)
    .where(and(eq(googleDailyFigures.clientId, clientId), between(googleDailyFigures.day, `${from}-01`, `${to}-31`)));
}

/**
 * Builds `month`'s draft (`YYYY-MM`) for a connected client from their stored days (decision 0094). A month with no
 * report gets a new draft, inserted only while the month still has none, so two gateways or two clicks make one.
 * An existing draft gets the new fetched values, and each figure staff left as fetched follows them; a figure staff
 * edited stays. A published report is never touched.
 */
export async function draftMonth(db: Db, clientId: number, month: string, now: Date): Promise<DraftOutcome> {
  const [connection] = await db.select().from(googleConnections).where(eq(googleConnections.clientId, clientId));
  if (!connection) return { outcome: 'not-connected' };
  const all = await storedDays(db, clientId, monthBefore(month), month);
  const days = all.filter((d) => d.day.startsWith(`${month}-`));
  if (!days.length) return { outcome: 'no-figures' };
  const fetched = buildMonthReport({
    month,
    days,
    previousDays: all,
    sources: { ga4: connection.ga4Property !== null, searchConsole: connection.searchConsoleSite !== null },
    now,
  });
  const reportDate = daysOf(month)[0]!;
  const figures = fetched.figures;
  // One statement: the draft is written only while the month has no report (SQLite runs writes one at a time).
  const inserted = await db.all<{ id: number }>(sql`
    insert into ${monthlyReports} (clientId, reportDate, status, fetched, websiteTraffic, organicTraffic, paidTraffic,
      conversions, conversionRate, searchRanking, clickThroughRate)
    select ${clientId}, ${reportDate}, 'draft', ${JSON.stringify(fetched)}, ${figures.websiteTraffic},
      ${figures.organicTraffic}, ${figures.paidTraffic}, ${figures.conversions}, ${figures.conversionRate},
      ${figures.searchRanking}, ${figures.clickThroughRate}
    where not exists (select 1 from ${monthlyReports} where clientId = ${clientId} and reportDate = ${reportDate})
    returning id`);
  if (inserted[0]) return { outcome: 'created', id: inserted[0].id };
  return refresh(db, clientId, reportDate, fetched);
}

/** The month's existing report given new fetched values, if it is still a draft. */
async function refresh(db: Db, clientId: number, reportDate: string, fetched: FetchedReport): Promise<DraftOutcome> {
  const [report] = await db
    .select()
    .from(monthlyReports)
    .where(and(eq(monthlyReports.clientId, clientId), eq(monthlyReports.reportDate, reportDate)));
  if (!report || report.status === 'published') return { outcome: 'published', id: report?.id ?? 0 };
  const before = FetchedReportSchema.safeParse(report.fetched);
  const follows: Partial<Record<(typeof FETCHED_FIELDS)[number], number | null>> = {};
  for (const field of FETCHED_FIELDS) {
    // A figure still as fetched (or empty, when what was fetched does not parse) follows the new value.
    const unchanged = before.success ? report[field] === before.data.figures[field] : report[field] === null;
    if (unchanged) follows[field] = fetched.figures[field];
  }
  await db
    .update(monthlyReports)
    .set({ ...follows, fetched })
    .where(and(eq(monthlyReports.id, report.id), eq(monthlyReports.status, 'draft')));
  return { outcome: 'refreshed', id: report.id };
}
