import { z } from 'zod';
import type { RankedRow } from '../../platform/db';
import { fromCompact } from './days';

/**
 * Google's answers, parsed by their documented shapes before anything is stored (decision 0111): a field that is
 * missing or not a number fails the fetch with a message, never a row of NaN.
 */

const MetricValue = z.object({ value: z.string() });

/** GA4 Data API `properties.runReport`: one row per dimension combination; metric values come as text. */
export const RunReportAnswer = z.object({
  dimensionHeaders: z.array(z.object({ name: z.string() })).default([]),
  metricHeaders: z.array(z.object({ name: z.string() })).default([]),
  rows: z.array(z.object({ dimensionValues: z.array(MetricValue), metricValues: z.array(MetricValue) })).default([]),
});

/** Search Console `searchanalytics.query`: keys in the order of the request's dimensions. */
export const SearchAnswer = z.object({
  rows: z
    .array(
      z.object({
        keys: z.array(z.string()).default([]),
        clicks: z.number(),
        impressions: z.number(),
        ctr: z.number(),
        position: z.number(),
      }),
    )
    .default([]),
  /** With dataState 'all': the first day whose figures may still change. */
  metadata: z.object({ firstIncompleteDate: z.string().optional() }).optional(),
});

/**
 * GA4's default channel groups counted as organic and as paid traffic. Organic is search only (Organic Search): the
 * monthly report's "organic traffic" is what SEO work earns; Organic Social, Video and Shopping are neither.
 */
export const ORGANIC_GROUPS = new Set(['Organic Search']);
export const PAID_GROUPS = new Set([
  'Paid Search',
  'Paid Social',
  'Paid Shopping',
  'Paid Video',
  'Display',
  'Cross-network',
  'Paid Other',
]);

export interface Ga4Day {
  sessions: number;
  totalUsers: number;
  keyEvents: number;
  organicSessions: number;
  paidSessions: number;
}

const numberOf = (text: string | undefined, what: string): number => {
  const n = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(n)) throw new Error(`GA4 answered ${what} '${text}'`);
  return n;
};

/** Columns of a report by header name, so an answer in another order reads the same. */
function reportRows(answer: z.infer<typeof RunReportAnswer>) {
  const dim = new Map(answer.dimensionHeaders.map((h, i) => [h.name, i]));
  const met = new Map(answer.metricHeaders.map((h, i) => [h.name, i]));
  return answer.rows.map((row) => {
    const day = fromCompact(row.dimensionValues[dim.get('date') ?? -1]?.value ?? '');
    if (!day) throw new Error('GA4 answered a row without a date');
    return {
      day,
      group: row.dimensionValues[dim.get('sessionDefaultChannelGroup') ?? -1]?.value,
      metric: (name: string) => numberOf(row.metricValues[met.get(name) ?? -1]?.value, name),
    };
  });
}

/**
 * Per day: totals from the report by date (users are counted once a day, not once per channel), organic and paid
 * sessions from the report by date and channel group.
 */
export function ga4Days(totals: unknown, byChannel: unknown): Map<string, Ga4Day> {
  const days = new Map<string, Ga4Day>();
  const of = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { sessions: 0, totalUsers: 0, keyEvents: 0, organicSessions: 0, paidSessions: 0 }));
    return d;
  };
  for (const row of reportRows(RunReportAnswer.parse(totals))) {
    const d = of(row.day);
    d.sessions += row.metric('sessions');
    d.totalUsers += row.metric('totalUsers');
    d.keyEvents += row.metric('keyEvents');
  }
  for (const row of reportRows(RunReportAnswer.parse(byChannel))) {
    const d = of(row.day);
    if (ORGANIC_GROUPS.has(row.group ?? '')) d.organicSessions += row.metric('sessions');
    if (PAID_GROUPS.has(row.group ?? '')) d.paidSessions += row.metric('sessions');
  }
  return days;
}

export interface SearchDayFigures {
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
  topQueries: RankedRow[];
  topPages: RankedRow[];
}

/** How many queries and pages a day keeps. */
export const TOP_ROWS = 10;

const byClicks = (a: RankedRow, b: RankedRow) => b.clicks - a.clicks || b.impressions - a.impressions;

function rankedByDay(answer: z.infer<typeof SearchAnswer>): Map<string, RankedRow[]> {
  const days = new Map<string, RankedRow[]>();
  for (const { keys, ...figures } of answer.rows) {
    const [day, key] = keys;
    if (!day || key === undefined) continue;
    const list = days.get(day) ?? [];
    list.push({ key, ...figures });
    days.set(day, list);
  }
  for (const [day, list] of days) days.set(day, list.sort(byClicks).slice(0, TOP_ROWS));
  return days;
}

/** Per day: Search Console's totals (by date), and the day's top queries and pages. */
export function searchDays(
  totals: unknown,
  queries: unknown,
  pages: unknown,
): { days: Map<string, SearchDayFigures>; firstIncomplete: string | undefined } {
  const total = SearchAnswer.parse(totals);
  const q = rankedByDay(SearchAnswer.parse(queries));
  const p = rankedByDay(SearchAnswer.parse(pages));
  const days = new Map<string, SearchDayFigures>();
  for (const { keys, clicks, impressions, ctr, position } of total.rows) {
    const day = keys[0];
    if (!day) continue;
    days.set(day, { clicks, impressions, ctr, position, topQueries: q.get(day) ?? [], topPages: p.get(day) ?? [] });
  }
  return { days, firstIncomplete: total.metadata?.firstIncompleteDate };
}
