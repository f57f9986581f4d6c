import { sql } from 'drizzle-orm';
import { googleDailyFigures, type Db } from '../../platform/db';
import { addDays, eachDay } from './days';
import type { FetchedRange, Sources } from './fetch-client';

/**
 * Yesterday and the day before, when missing from Google's answer, are days Google has not processed yet: they are
 * not stored (no zeros), and the fetch tries them again. An older day missing from the answer had no figures: it is
 * stored with that source's columns null.
 */
export const PENDING_DAYS = 2;

type FigureRow = typeof googleDailyFigures.$inferInsert;

/**
 * The rows a fetched range makes: every day up to the last one the primary source (GA4 when chosen, else Search
 * Console) answered for, and older days even when missing. Answers the rows and the last day stored.
 */
export function rowsOf(
  clientId: number,
  sources: Sources,
  fetched: FetchedRange,
  from: string,
  to: string,
  yesterday: string,
  now: Date,
): { rows: FigureRow[]; lastStored: string | undefined } {
  const primary = sources.ga4Property ? fetched.ga4 : fetched.search;
  const answered = [...(primary?.keys() ?? [])].sort().at(-1) ?? '';
  const pendingFrom = addDays(yesterday, 1 - PENDING_DAYS);
  // Search Console's figures change for about three days; its own metadata says so when it answers with it.
  const finalBefore = fetched.firstIncomplete ?? addDays(yesterday, -2);
  const rows: FigureRow[] = [];
  for (const day of eachDay(from, to)) {
    if (day >= pendingFrom && day > answered) break;
    const g = fetched.ga4?.get(day);
    const s = fetched.search?.get(day);
    rows.push({
      clientId,
      day,
      sessions: g?.sessions ?? null,
      totalUsers: g?.totalUsers ?? null,
      keyEvents: g?.keyEvents ?? null,
      organicSessions: g?.organicSessions ?? null,
      paidSessions: g?.paidSessions ?? null,
      clicks: s?.clicks ?? null,
      impressions: s?.impressions ?? null,
      ctr: s?.ctr ?? null,
      position: s?.position ?? null,
      topQueries: s?.topQueries ?? null,
      topPages: s?.topPages ?? null,
      searchFinal: s ? day < finalBefore : null,
      fetchedAt: now,
    });
  }
  return { rows, lastStored: rows.at(-1)?.day };
}

const COLUMNS = [
  'sessions',
  'totalUsers',
  'keyEvents',
  'organicSessions',
  'paidSessions',
  'clicks',
  'impressions',
  'ctr',
  'position',
  'topQueries',
  'topPages',
  'searchFinal',
  'fetchedAt',
] as const;

/** A day fetched again replaces its row, every column (decision 0093). */
export async function storeRows(db: Db, rows: FigureRow[]): Promise<void> {
  // Under SQLite's limit of bound values per statement (14 columns a row).
  for (let i = 0; i < rows.length; i += 60) {
    await db
      .insert(googleDailyFigures)
      .values(rows.slice(i, i + 60))
      .onConflictDoUpdate({
        target: [googleDailyFigures.clientId, googleDailyFigures.day],
        set: Object.fromEntries(COLUMNS.map((c) => [c, sql.raw(`excluded."${c}"`)])),
      });
  }
}
