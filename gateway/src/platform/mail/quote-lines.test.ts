import { describe, expect, it } from 'vitest';
import { discountedTotalsLine, quoteTotalLines } from './quote-lines';

const none = {
  totalOneTime: 0,
  totalWithGst: 0,
  totalMonthly: 0,
  monthlyTotalWithGst: 0,
  finalTotal: 0,
  finalMonthly: 0,
};

describe("a quote e-mail's totals", () => {
  it.each([
    [
      'a website with monthly services',
      { ...none, totalOneTime: 1947, totalWithGst: 2239.05, totalMonthly: 100, monthlyTotalWithGst: 115 },
      ['One-time: $1,947.00 + GST ($2,239.05 incl. GST)', 'Monthly: $100.00 + GST ($115.00 incl. GST)'],
    ],
    [
      'social media only (no one-time price)',
      { ...none, totalMonthly: 1200, monthlyTotalWithGst: 1380 },
      ['Monthly: $1,200.00 + GST ($1,380.00 incl. GST)'],
    ],
    [
      'a website alone (no monthly price)',
      { ...none, totalOneTime: 997, totalWithGst: 1146.55 },
      ['One-time: $997.00 + GST ($1,146.55 incl. GST)'],
    ],
    ['nothing priced', none, ['Nothing priced: we will talk through what you need.']],
  ])('%s', (_, totals, lines) => {
    expect(quoteTotalLines(totals)).toEqual(lines);
    expect(quoteTotalLines(totals).join('\n')).not.toContain('$0.00');
  });

  it.each([
    [
      'both parts',
      { ...none, totalOneTime: 1, totalMonthly: 1, finalTotal: 1903.19, finalMonthly: 4044.9 },
      'With your discount: $1,903.19 one-time and $4,044.90 monthly, incl. GST',
    ],
    [
      'monthly only',
      { ...none, totalMonthly: 1, finalMonthly: 1020 },
      'With your discount: $1,020.00 monthly, incl. GST',
    ],
    [
      'one-time only',
      { ...none, totalOneTime: 1, finalTotal: 847.45 },
      'With your discount: $847.45 one-time, incl. GST',
    ],
    ['nothing (no line at all)', none, undefined],
  ])('the discounted totals, %s', (_, totals, text) => {
    expect(discountedTotalsLine(totals, 'With your discount', ' and ')).toBe(text);
  });
});
