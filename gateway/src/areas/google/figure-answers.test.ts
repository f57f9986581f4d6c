import { describe, expect, it } from 'vitest';
import { ga4Days, searchDays } from './figure-answers';

/** Answers in the shapes Google documents (runReport, searchanalytics.query), as they arrive on the wire. */
const report = (dimensions: string[], metrics: string[], rows: [string[], string[]][]) => ({
  dimensionHeaders: dimensions.map((name) => ({ name })),
  metricHeaders: metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
  rows: rows.map(([d, m]) => ({
    dimensionValues: d.map((value) => ({ value })),
    metricValues: m.map((value) => ({ value })),
  })),
  rowCount: rows.length,
  metadata: { currencyCode: 'NZD', timeZone: 'Pacific/Auckland' },
  kind: 'analyticsData#runReport',
});

describe("Google's answers", () => {
  it('counts organic search and the paid groups by channel, users once a day', () => {
    const totals = report(['date'], ['sessions', 'totalUsers', 'keyEvents'], [[['20261119'], ['300', '210', '12.5']]]);
    const byChannel = report(
      ['date', 'sessionDefaultChannelGroup'],
      ['sessions'],
      [
        [['20261119', 'Organic Search'], ['120']],
        [['20261119', 'Organic Social'], ['30']],
        [['20261119', 'Paid Search'], ['60']],
        [['20261119', 'Paid Social'], ['20']],
        [['20261119', 'Cross-network'], ['10']],
        [['20261119', 'Direct'], ['60']],
      ],
    );
    expect(ga4Days(totals, byChannel).get('2026-11-19')).toEqual({
      sessions: 300,
      totalUsers: 210,
      keyEvents: 12.5,
      organicSessions: 120,
      paidSessions: 90,
    });
  });

  it('refuses a metric that is not a number, and a row without a date', () => {
    const empty = report(['date', 'sessionDefaultChannelGroup'], ['sessions'], []);
    expect(() =>
      ga4Days(report(['date'], ['sessions', 'totalUsers', 'keyEvents'], [[['20261119'], ['x', '1', '1']]]), empty),
    ).toThrow("GA4 answered sessions 'x'");
    expect(() => ga4Days(report(['date'], ['sessions'], [[['yesterday'], ['1']]]), empty)).toThrow('without a date');
  });

  it("keeps a day's ten queries with the most clicks, and Search Console's incomplete date", () => {
    const row = (keys: string[], clicks: number) => ({
      keys,
      clicks,
      impressions: clicks * 10 + 1,
      ctr: 0.1,
      position: 4.2,
    });
    const queries = { rows: Array.from({ length: 14 }, (_, i) => row(['2026-11-19', `query ${i}`], i)) };
    const { days, firstIncomplete } = searchDays(
      {
        rows: [row(['2026-11-19'], 91)],
        metadata: { firstIncompleteDate: '2026-11-18' },
        responseAggregationType: 'byProperty',
      },
      queries,
      {},
    );
    const day = days.get('2026-11-19')!;
    expect(day.clicks).toBe(91);
    expect(day.topQueries.map((q) => q.key)).toEqual(Array.from({ length: 10 }, (_, i) => `query ${13 - i}`));
    expect(day.topPages).toEqual([]);
    expect(firstIncomplete).toBe('2026-11-18');
  });
});
