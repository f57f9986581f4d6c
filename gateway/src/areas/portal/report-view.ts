import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { BUSINESS, type PublicRuntimeConfig } from '@agency/contracts';
import { monthlyReports, users, type Db } from '../../platform/db';
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
  input: ReportPdfInput;
}

/**
 * One report as the PDF and the shared page show it (decision 0113): its figures, the month before's for the changes,
 * and visits by month for the chart, each month from the stored reports (a month without one is a gap). Null when
 * there is no such report.
 */
export async function reportView(db: Db, config: PublicRuntimeConfig, id: number): Promise<ReportView | null> {
  const [row] = await db
    .select({ report: monthlyReports, clientName: users.username })
    .from(monthlyReports)
    .innerJoin(users, eq(users.id, monthlyReports.clientId))
    .where(eq(monthlyReports.id, id));
  if (!row) return null;
  const { id: _id, clientId, ...report } = row.report;
  const first = `${monthShift(report.reportDate, 1 - CHART_MONTHS)}-01`;
  const months = await db
    .select()
    .from(monthlyReports)
    .where(
      and(
        eq(monthlyReports.clientId, clientId),
        gte(monthlyReports.reportDate, first),
        lte(monthlyReports.reportDate, report.reportDate),
      ),
    )
    .orderBy(asc(monthlyReports.reportDate));
  const byMonth = new Map(months.map((m) => [m.reportDate.slice(0, 7), m]));
  const history: ChartMonth[] = Array.from({ length: CHART_MONTHS }, (_, i) => {
    const month = monthShift(report.reportDate, i + 1 - CHART_MONTHS);
    const m = byMonth.get(month);
    return { month, organic: m?.organicTraffic ?? null, paid: m?.paidTraffic ?? null };
  });
  // Months before the client's first report are not gaps, just before their time with the agency.
  const firstKnown = history.findIndex((m) => byMonth.has(m.month));
  const before = byMonth.get(monthShift(report.reportDate, -1));
  const previous = before ? (({ id: _i, clientId: _c, notes: _n, ...figures }) => figures)(before) : null;
  return {
    clientId,
    input: {
      agency: {
        name: BUSINESS.name,
        email: config.supportEmail,
        phone: config.supportPhone,
        website: new URL(config.publicOrigin).host,
      },
      clientName: row.clientName,
      report,
      previous,
      history: firstKnown < 0 ? [] : history.slice(firstKnown),
    },
  };
}
