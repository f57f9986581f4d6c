import { z } from 'zod';
import { RankedRowSchema, type FetchedFigures, type FetchedReport, type RankedRowSummary } from '@agency/contracts';

/**
 * A month's report from a client's stored Google days (decision 0094): pure, so the rules are tested by table. A
 * field is null, left for staff, when its source was not connected or had no figure on any day of the month.
 */

export interface StoredDay {
  day: string;
  sessions: number | null;
  keyEvents: number | null;
  organicSessions: number | null;
  paidSessions: number | null;
  clicks: number | null;
  impressions: number | null;
  position: number | null;
  topQueries: unknown;
  topPages: unknown;
}

export interface Sources {
  ga4: boolean;
  searchConsole: boolean;
}

const TOP = 10;
const rankedRows = z.array(RankedRowSchema);

/** The days of a `YYYY-MM` month, `YYYY-MM-DD`. */
export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** `2026-01` -> `2025-12`. */
export function monthBefore(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The sum of a column over the days that have it; null when none has. */
function sum(days: StoredDay[], pick: (d: StoredDay) => number | null): number | null {
  const values = days.map(pick).filter((v): v is number => v !== null && Number.isFinite(v));
  return values.length ? values.reduce((a, b) => a + b, 0) : null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The report's fetched fields over some days. */
export function figuresOf(days: StoredDay[], sources: Sources): FetchedFigures {
  const ga4 = sources.ga4 ? days : [];
  const search = sources.searchConsole ? days : [];
  const sessions = sum(ga4, (d) => d.sessions);
  const keyEvents = sum(ga4, (d) => d.keyEvents);
  const conversions = keyEvents === null ? null : Math.round(keyEvents);
  const clicks = sum(search, (d) => d.clicks);
  const impressions = sum(search, (d) => d.impressions);
  // Average position weighted by impressions, over the days that have both.
  const ranked = search.filter((d) => d.position !== null && d.impressions !== null && d.impressions > 0);
  const weight = ranked.reduce((a, d) => a + d.impressions!, 0);
  return {
    websiteTraffic: sessions,
    organicTraffic: sum(ga4, (d) => d.organicSessions),
    paidTraffic: sum(ga4, (d) => d.paidSessions),
    conversions,
    conversionRate: conversions !== null && sessions ? round2((conversions / sessions) * 100) : null,
    searchRanking: weight ? Math.round(ranked.reduce((a, d) => a + d.position! * d.impressions!, 0) / weight) : null,
    clickThroughRate: clicks !== null && impressions ? round2((clicks / impressions) * 100) : null,
  };
}

/** The month's top rows by clicks (then impressions): clicks and impressions summed, position weighted. */
export function topOf(lists: unknown[]): RankedRowSummary[] {
  const by = new Map<string, { clicks: number; impressions: number; weighted: number }>();
  for (const list of lists) {
    // A day's stored list that does not parse is left out, not the month (decision 0111).
    const parsed = rankedRows.safeParse(list);
    if (!parsed.success) continue;
    for (const row of parsed.data) {
      const total = by.get(row.key) ?? { clicks: 0, impressions: 0, weighted: 0 };
      total.clicks += row.clicks;
      total.impressions += row.impressions;
      total.weighted += row.position * row.impressions;
      by.set(row.key, total);
    }
  }
  return [...by]
    .map(([key, t]) => ({
      key,
      clicks: t.clicks,
      impressions: t.impressions,
      ctr: t.impressions ? round2(t.clicks / t.impressions) : 0,
      position: t.impressions ? round2(t.weighted / t.impressions) : 0,
    }))
    .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || a.key.localeCompare(b.key))
    .slice(0, TOP);
}

/** The draft's fetched part for `month` from its stored days and the month before's. */
export function buildMonthReport(input: {
  month: string;
  days: StoredDay[];
  previousDays: StoredDay[];
  sources: Sources;
  now: Date;
}): FetchedReport {
  const { month, sources } = input;
  const days = input.days.filter((d) => d.day.startsWith(`${month}-`));
  const before = input.previousDays.filter((d) => d.day.startsWith(`${monthBefore(month)}-`));
  const stored = new Set(days.map((d) => d.day));
  const search = sources.searchConsole ? days : [];
  return {
    figures: figuresOf(days, sources),
    previous: before.length ? figuresOf(before, sources) : null,
    topQueries: topOf(search.map((d) => d.topQueries)),
    topPages: topOf(search.map((d) => d.topPages)),
    missingDays: daysOf(month).filter((d) => !stored.has(d)),
    builtAt: input.now.toISOString(),
  };
}
