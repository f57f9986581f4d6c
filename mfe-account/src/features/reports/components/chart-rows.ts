import type { MonthlyReport } from '@agency/contracts';

export interface ChartRow {
  /** 'Oct 26' */
  month: string;
  organic: number | null;
  paid: number | null;
  conversions: number | null;
  conversionRate: number | null;
  searchRanking: number | null;
  backlinks: number | null;
  socialEngagement: number | null;
  followerGrowth: number | null;
  clickThroughRate: number | null;
  costPerClick: number | null;
}

const monthLabel = new Intl.DateTimeFormat('en-NZ', { month: 'short', year: '2-digit', timeZone: 'UTC' });

const monthKey = (reportDate: string) => reportDate.slice(0, 7);

/** Every month from the oldest report's to the newest's, each once, as `YYYY-MM`. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  const at = new Date(`${first}-01T00:00:00Z`);
  while (months.length < 600 && at.toISOString().slice(0, 7) <= last) {
    months.push(at.toISOString().slice(0, 7));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
}

/**
 * Reports (newest first from the API) as chart rows, oldest first so time runs left to right, one row for every
 * month between the oldest and the newest: a month without a report is a row of gaps, so the axis runs month by month
 * and never jumps over one. Missing figures stay null so a chart shows a gap rather than a false zero.
 */
export function toChartRows(reports: readonly MonthlyReport[]): ChartRow[] {
  const byMonth = new Map(reports.map((r) => [monthKey(r.reportDate), r]));
  const sorted = [...byMonth.keys()].sort();
  if (sorted.length === 0) return [];
  return monthsBetween(sorted[0]!, sorted.at(-1)!)
    .map((month) => byMonth.get(month) ?? { reportDate: `${month}-01` })
    .map((r: Partial<MonthlyReport> & { reportDate: string }) => ({
      month: monthLabel.format(new Date(`${monthKey(r.reportDate)}-01T00:00:00Z`)),
      organic: r.organicTraffic ?? null,
      paid: r.paidTraffic ?? null,
      conversions: r.conversions ?? null,
      conversionRate: r.conversionRate ?? null,
      searchRanking: r.searchRanking ?? null,
      backlinks: r.backlinks ?? null,
      socialEngagement: r.socialEngagement ?? null,
      followerGrowth: r.followerGrowth ?? null,
      clickThroughRate: r.clickThroughRate ?? null,
      costPerClick: r.costPerClick ?? null,
    }));
}

/** At most this many month labels fit under a chart on a phone. */
const MAX_LABELS = 6;

/**
 * Which rows' months the axis names: every month when they fit, else every second (third, ...) month counted back
 * from the newest, so the labels are evenly spaced and the latest month is always named.
 */
export function labelledMonths(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / MAX_LABELS));
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) shown.add(i);
  return shown;
}
