import { describe, expect, it } from 'vitest';
import type { MonthlyReport } from '@agency/contracts';
import { toChartRows } from './chart-rows';

const report = (reportDate: string, extra: Partial<MonthlyReport> = {}): MonthlyReport => ({
  id: 1,
  clientId: 1,
  reportDate,
  ...extra,
});

describe('toChartRows', () => {
  it('orders months oldest first and labels them', () => {
    const rows = toChartRows([report('2026-10-01'), report('2025-12-01'), report('2026-01-01')]);
    expect(rows.map((r) => r.month)).toEqual(['Dec 25', 'Jan 26', 'Oct 26']);
  });

  it('maps each figure to its series and keeps missing figures as gaps, not zeros', () => {
    const [row] = toChartRows([
      report('2026-10-01', { organicTraffic: 900, paidTraffic: 0, conversionRate: 2.5, costPerClick: null }),
    ]);
    expect(row).toMatchObject({ organic: 900, paid: 0, conversionRate: 2.5, costPerClick: null, backlinks: null });
  });
});
