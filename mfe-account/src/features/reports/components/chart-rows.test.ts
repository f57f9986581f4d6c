import { describe, expect, it } from 'vitest';
import type { MonthlyReport } from '@agency/contracts';
import { labelledMonths, toChartRows } from './chart-rows';

const report = (reportDate: string, extra: Partial<MonthlyReport> = {}): MonthlyReport => ({
  id: 1,
  clientId: 1,
  status: 'published',
  reportDate,
  ...extra,
});

describe('toChartRows', () => {
  it('orders months oldest first and labels them', () => {
    const rows = toChartRows([report('2026-02-01'), report('2025-12-01'), report('2026-01-01')]);
    expect(rows.map((r) => r.month)).toEqual(['Dec 25', 'Jan 26', 'Feb 26']);
  });

  it('gives a month without a report a row of gaps, so the axis never jumps a month', () => {
    const rows = toChartRows([
      report('2026-03-01', { organicTraffic: 5 }),
      report('2025-12-01', { organicTraffic: 3 }),
    ]);
    expect(rows.map((r) => r.month)).toEqual(['Dec 25', 'Jan 26', 'Feb 26', 'Mar 26']);
    expect(rows.map((r) => r.organic)).toEqual([3, null, null, 5]);
  });
});

describe('labelledMonths', () => {
  it('names every month when six or fewer', () => {
    expect([...labelledMonths(5)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
  });

  it('names evenly spaced months counted back from the newest', () => {
    expect([...labelledMonths(12)].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11]);
    expect([...labelledMonths(13)].sort((a, b) => a - b)).toEqual([0, 3, 6, 9, 12]);
  });

  it('maps each figure to its series and keeps missing figures as gaps, not zeros', () => {
    const [row] = toChartRows([
      report('2026-10-01', { organicTraffic: 900, paidTraffic: 0, conversionRate: 2.5, costPerClick: null }),
    ]);
    expect(row).toMatchObject({ organic: 900, paid: 0, conversionRate: 2.5, costPerClick: null, backlinks: null });
  });
});
