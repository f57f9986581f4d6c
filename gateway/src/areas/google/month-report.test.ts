import { describe, expect, it } from 'vitest';
import { buildMonthReport, daysOf, figuresOf, monthBefore, topOf, type StoredDay } from './month-report';

const day = (d: string, over: Partial<StoredDay> = {}): StoredDay => ({
  day: d,
  sessions: 100,
  keyEvents: 2.5,
  organicSessions: 60,
  paidSessions: 20,
  clicks: 10,
  impressions: 200,
  position: 8,
  topQueries: null,
  topPages: null,
  ...over,
});
const both = { ga4: true, searchConsole: true };

describe('figuresOf', () => {
  it.each([
    [
      'two full days',
      [day('2026-01-01'), day('2026-01-02', { position: 2, impressions: 600, clicks: 30 })],
      both,
      {
        websiteTraffic: 200,
        organicTraffic: 120,
        paidTraffic: 40,
        conversions: 5,
        conversionRate: 2.5,
        // (8*200 + 2*600) / 800 = 3.5 -> 4
        searchRanking: 4,
        clickThroughRate: 5,
      },
    ],
    [
      'Search Console not connected: its fields left for staff',
      [day('2026-01-01')],
      { ga4: true, searchConsole: false },
      { websiteTraffic: 100, conversions: 3, searchRanking: null, clickThroughRate: null },
    ],
    [
      'GA4 not connected',
      [day('2026-01-01')],
      { ga4: false, searchConsole: true },
      { websiteTraffic: null, conversions: null, conversionRate: null, clickThroughRate: 5 },
    ],
    [
      'no sessions: no conversion rate',
      [day('2026-01-01', { sessions: 0, keyEvents: 0 })],
      both,
      { websiteTraffic: 0, conversions: 0, conversionRate: null },
    ],
    [
      'a source with no figure on any day',
      [day('2026-01-01', { sessions: null, keyEvents: null, impressions: null, clicks: null, position: null })],
      both,
      { websiteTraffic: null, conversions: null, searchRanking: null, clickThroughRate: null, organicTraffic: 60 },
    ],
    [
      'no days',
      [],
      both,
      { websiteTraffic: null, organicTraffic: null, paidTraffic: null, searchRanking: null, clickThroughRate: null },
    ],
  ])('%s', (_, days, sources, expected) => {
    expect(figuresOf(days, sources)).toMatchObject(expected);
  });
});

describe('topOf', () => {
  it('sums a key over the days, weights its position by impressions, keeps ten, skips lists that do not parse', () => {
    const row = (key: string, clicks: number, impressions: number, position: number) => ({
      key,
      clicks,
      impressions,
      ctr: clicks / impressions,
      position,
    });
    const many = Array.from({ length: 12 }, (_, i) => row(`q${i}`, i, 100, 5));
    const top = topOf([
      [row('plumber hamilton', 10, 100, 2), ...many],
      [row('plumber hamilton', 30, 300, 4)],
      'not json',
      [{ key: 'odd' }],
    ]);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ key: 'plumber hamilton', clicks: 40, impressions: 400, ctr: 0.1, position: 3.5 });
    expect(top.map((r) => r.key)).not.toContain('odd');
  });
});

describe('buildMonthReport', () => {
  it('says which days are missing and compares with the month before', () => {
    const report = buildMonthReport({
      month: '2026-02',
      days: [day('2026-02-01'), day('2026-02-02'), day('2026-03-01')],
      previousDays: [day('2026-01-31', { sessions: 50 })],
      sources: both,
      now: new Date('2026-03-02T00:00:00Z'),
    });
    expect(report.figures.websiteTraffic).toBe(200);
    expect(report.previous?.websiteTraffic).toBe(50);
    expect(report.missingDays).toHaveLength(26);
    expect(report.missingDays[0]).toBe('2026-02-03');
  });

  it('has no month before without its days', () => {
    const report = buildMonthReport({ month: '2026-02', days: [], previousDays: [], sources: both, now: new Date() });
    expect(report.previous).toBeNull();
    expect(report.missingDays).toHaveLength(28);
  });

  it.each([
    ['2026-01', '2025-12', 31],
    ['2024-02', '2024-01', 29],
    ['2026-11', '2026-10', 30],
  ])('%s: month before %s, %i days', (month, before, count) => {
    expect(monthBefore(month)).toBe(before);
    expect(daysOf(month)).toHaveLength(count);
  });
});
