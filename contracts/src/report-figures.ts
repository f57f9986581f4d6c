/**
 * A monthly report's figures as every reader shows them (decision 0113): the dashboard, the PDF and the shared page
 * name and format a figure the same way, so a client comparing the PDF with the dashboard sees the same numbers.
 */
export type ReportFigureKey =
  | 'websiteTraffic'
  | 'organicTraffic'
  | 'paidTraffic'
  | 'conversions'
  | 'conversionRate'
  | 'searchRanking'
  | 'backlinks'
  | 'socialEngagement'
  | 'socialEngagementRate'
  | 'followerGrowth'
  | 'clickThroughRate'
  | 'costPerClick'
  | 'paidConversionRate';

export interface ReportFigure {
  key: ReportFigureKey;
  label: string;
  /** Written after the value ('%'), or before it ('$'). */
  suffix?: string;
  prefix?: string;
  /** A position: going down is the good news. */
  lowerIsBetter?: boolean;
}

export const REPORT_FIGURES: readonly ReportFigure[] = [
  { key: 'websiteTraffic', label: 'Website visits' },
  { key: 'organicTraffic', label: 'Organic visits' },
  { key: 'paidTraffic', label: 'Paid visits' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'conversionRate', label: 'Conversion rate', suffix: '%' },
  { key: 'searchRanking', label: 'Search position', lowerIsBetter: true },
  { key: 'clickThroughRate', label: 'Click-through rate', suffix: '%' },
  { key: 'backlinks', label: 'Backlinks' },
  { key: 'socialEngagement', label: 'Social engagement' },
  { key: 'socialEngagementRate', label: 'Engagement rate', suffix: '%' },
  { key: 'followerGrowth', label: 'New followers' },
  { key: 'costPerClick', label: 'Cost per click', prefix: '$', lowerIsBetter: true },
  { key: 'paidConversionRate', label: 'Paid conversion rate', suffix: '%' },
];

/** The figures as a form's fields name them, the unit in the label: `['conversionRate', 'Conversion rate %']`. */
export const REPORT_FIGURE_FIELDS = /* @__PURE__ */ REPORT_FIGURES.map(
  (f) => [f.key, f.suffix || f.prefix ? `${f.label} ${f.suffix ?? f.prefix}` : f.label] as const,
);

const amount = (v: number) => Math.abs(v).toLocaleString('en-NZ', { maximumFractionDigits: 2 });

/** "1,234", "4.5%", "$1.2"; a missing figure is a dash, never a false zero. */
export function formatFigure(value: number | null | undefined, figure: Pick<ReportFigure, 'prefix' | 'suffix'> = {}) {
  if (value === null || value === undefined) return '–';
  return `${value < 0 ? '−' : ''}${figure.prefix ?? ''}${amount(value)}${figure.suffix ?? ''}`;
}

export interface Change {
  /** "+200", "−1.5", "No change". */
  text: string;
  /** For a screen reader and a tooltip: "up 200 on September 2026". */
  said: string;
  /** Better, worse or the same for the client (a lower search ranking is better). */
  tone: 'better' | 'worse' | 'same';
}

/**
 * A figure's change against the previous month's; none when either month lacks the figure. `lowerIsBetter` for a
 * position (search ranking), where going down is the good news.
 */
export function changeOf(
  current: number | null | undefined,
  previous: number | null | undefined,
  previousMonth: string,
  { suffix = '', lowerIsBetter = false }: { suffix?: string; lowerIsBetter?: boolean } = {},
): Change | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  // Rounded as shown, so 4.2 -> 4.2 is "No change" rather than a change of 0.0000001.
  const delta = Math.round((current - previous) * 100) / 100;
  if (delta === 0) return { text: 'No change', said: `the same as ${previousMonth}`, tone: 'same' };
  const up = delta > 0;
  return {
    text: `${up ? '+' : '−'}${amount(delta)}${suffix}`,
    said: `${up ? 'up' : 'down'} ${amount(delta)}${suffix} on ${previousMonth}`,
    tone: up !== lowerIsBetter ? 'better' : 'worse',
  };
}
