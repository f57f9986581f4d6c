import type { OAuth2Client } from 'google-auth-library';
import type { GoogleConfig } from '../../platform/env';
import { ga4Days, searchDays, type Ga4Day, type SearchDayFigures } from './figure-answers';

/** A client's chosen sources, as stored on its connection. */
export interface Sources {
  ga4Property: string | null;
  searchConsoleSite: string | null;
}

export interface FetchedRange {
  ga4: Map<string, Ga4Day> | undefined;
  search: Map<string, SearchDayFigures> | undefined;
  /** Search Console's first day whose figures may still change (its metadata, when it says). */
  firstIncomplete: string | undefined;
}

/** Which source a failed call was for, so its message names the property or the site. */
export class SourceError extends Error {
  constructor(
    readonly what: string,
    readonly error: unknown,
  ) {
    super(`${what}: ${String(error)}`);
  }
}

const ROW_LIMIT = 25_000;

async function post(client: OAuth2Client, url: string, data: object, what: string): Promise<unknown> {
  try {
    return (await client.request({ url, method: 'POST', data })).data;
  } catch (error) {
    throw new SourceError(what, error);
  }
}

/**
 * One range of days (at most a chunk) for both chosen sources: two GA4 reports (by date: users counted once a day;
 * by date and channel group: organic and paid sessions) and three Search Console queries (by date; by date and query;
 * by date and page, the top ones kept per day). Each call's answer is parsed by its schema.
 */
export async function fetchRange(
  google: GoogleConfig,
  client: OAuth2Client,
  sources: Sources,
  from: string,
  to: string,
): Promise<FetchedRange> {
  const range = { startDate: from, endDate: to };
  let ga4: FetchedRange['ga4'];
  let search: FetchedRange['search'];
  let firstIncomplete: string | undefined;
  if (sources.ga4Property) {
    const what = `GA4 property ${sources.ga4Property}`;
    const url = `${google.urls.analyticsData}/v1beta/${sources.ga4Property}:runReport`;
    const report = (dimensions: string[], metrics: string[]) =>
      post(
        client,
        url,
        {
          dateRanges: [range],
          dimensions: dimensions.map((name) => ({ name })),
          metrics: metrics.map((name) => ({ name })),
          limit: 100_000,
        },
        what,
      );
    const totals = await report(['date'], ['sessions', 'totalUsers', 'keyEvents']);
    const byChannel = await report(['date', 'sessionDefaultChannelGroup'], ['sessions']);
    try {
      ga4 = ga4Days(totals, byChannel);
    } catch (error) {
      throw new SourceError(what, error);
    }
  }
  if (sources.searchConsoleSite) {
    const what = `Search Console site ${sources.searchConsoleSite}`;
    const url = `${google.urls.searchConsole}/webmasters/v3/sites/${encodeURIComponent(sources.searchConsoleSite)}/searchAnalytics/query`;
    const query = (dimensions: string[]) =>
      post(client, url, { ...range, dimensions, type: 'web', dataState: 'all', rowLimit: ROW_LIMIT }, what);
    const totals = await query(['date']);
    const queries = await query(['date', 'query']);
    const pages = await query(['date', 'page']);
    try {
      ({ days: search, firstIncomplete } = searchDays(totals, queries, pages));
    } catch (error) {
      throw new SourceError(what, error);
    }
  }
  return { ga4, search, firstIncomplete };
}
