import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { BUSINESS, FetchedReportSchema, REPORT_FIGURES, type PublicRuntimeConfig } from '@agency/contracts';
import { monthlyReports, users, type Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { ChartMonth } from './report-pdf-chart';
import type { ReportPdfInput } from './report-pdf';

/** "2026-10-01" moved by `months` calendar months, as `YYYY-MM`. */
export function monthShift(reportDate: string, months: number): string {
  const [year, month] = reportDate.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, month - 1 + months, 1));
  return at.toISOString().slice(0, 7);
}

/** The chart shows the report's month and the eleven before it. */
const CHART_MONTHS = 12;

export interface ReportView {
  clientId: number;
  /** Only a published report reaches its client and a share link; staff see a draft's too, to check it. */
  published: boolean;
  input: ReportPdfInput;
}

type Row = typeof monthlyReports.$inferSelect;
const figuresOf = (row: Row) =>
  Object.fromEntries([
    ['reportDate', row.reportDate],
    ...REPORT_FIGURES.map((f) => [f.key, row[f.key]]),
  ]) as NonNullable<ReportPdfInput['previous']>;

/**
 * One report as the PDF and the shared page show it (decision 0113): its figures, the published month before's for
 * the changes (as the dashboard compares), visits by month for the chart from the published reports (a month without
 * one is a gap), staff's words, and the month's top queries and pages when it was built from Google (decision 0094;
 * stored JSON that does not parse is logged and left out). Null when there is no such report.
 */
export async function reportView(
  db: Db,
  config: PublicRuntimeConfig,
  id: number,
  logger?: Logger,
): Promise<ReportView | null> {
  const [row] = await db
    .select({ report: monthlyReports, clientName: users.username })
    .from(monthlyReports)
    .innerJoin(users, eq(users.id, monthlyReports.clientId))
    .where(eq(monthlyReports.id, id));
  if (!row) return null;
  const report = row.report;
  const clientId = report.clientId;
  const first = `${monthShift(report.reportDate, 1 - CHART_MONTHS)}-01`;
  const months = await db
    .select()
    .from(monthlyReports)
    .where(
      and(
        eq(monthlyReports.clientId, clientId),
        eq(monthlyReports.status, 'published'),
        gte(monthlyReports.reportDate, first),
        lte(monthlyReports.reportDate, report.reportDate),
      ),
    )
    .orderBy(asc(monthlyReports.reportDate));
  // The report itself counts in its chart even as a draft (staff checking it before publishing).
  const byMonth = new Map([...months, report].map((m) => [m.reportDate.slice(0, 7), m]));
  const history: ChartMonth[] = Array.from({ length: CHART_MONTHS }, (_, i) => {
    const month = monthShift(report.reportDate, i + 1 - CHART_MONTHS);
    const m = byMonth.get(month);
    return { month, organic: m?.organicTraffic ?? null, paid: m?.paidTraffic ?? null };
  });
  // Months before the client's first report are not gaps, just before their time with the agency.
  const firstKnown = history.findIndex((m) => byMonth.has(m.month));
  const before = byMonth.get(monthShift(report.reportDate, -1));
  const previous = before && before.id !== report.id ? figuresOf(before) : null;
  let fetched = null;
  if (report.fetched !== null) {
    const parsed = FetchedReportSchema.safeParse(report.fetched);
    if (parsed.success) fetched = parsed.data;
    else logger?.warn('stored fetched figures unreadable: the PDF leaves out the top queries', { reportId: id });
  }
  return {
    clientId,
    published: report.status === 'published',
    input: {
      agency: {
        name: BUSINESS.name,
        email: config.supportEmail,
        phone: config.supportPhone,
        website: new URL(config.publicOrigin).host,
      },
      clientName: row.clientName,
      report: { ...figuresOf(report), notes: report.notes },
      previous,
      history: firstKnown < 0 ? [] : history.slice(firstKnown),
      topQueries: fetched?.topQueries ?? [],
      topPages: fetched?.topPages ?? [],
      narrative: [
        { heading: 'What we did', text: report.notes ?? '' },
        { heading: "What's next", text: report.nextSteps ?? '' },
      ],
    },
  };
}
