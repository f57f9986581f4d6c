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

/**
 * Reports (newest first from the API) as chart rows, oldest first so time runs left to right. Missing figures
 * stay null so a chart shows a gap rather than a false zero.
 */
export function toChartRows(reports: readonly MonthlyReport[]): ChartRow[] {
  return [...reports]
    .sort((a, b) => a.reportDate.localeCompare(b.reportDate))
    .map((r) => ({
      month: monthLabel.format(new Date(`${r.reportDate}T00:00:00Z`)),
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
