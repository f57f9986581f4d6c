import { describe, expect, it } from 'vitest';
import { formatNzd, formatNzdWhole } from './format';

const intl = (digits: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', ...digits });
const cents = intl({ minimumFractionDigits: 2 });
const whole = intl({ maximumFractionDigits: 0 });

describe('price formatting', () => {
  it.each([
    [1947, '$1,947.00', '$1,947'],
    [4758.7, '$4,758.70', '$4,759'],
    [2500.4, '$2,500.40', '$2,500'],
    [0, '$0.00', '$0'],
    [999.995, '$1,000.00', '$1,000'],
    [1234567.891, '$1,234,567.89', '$1,234,568'],
    [-120, '-$120.00', '-$120'],
    [-0.004, '$0.00', '$0'],
    [1e-7, '$0.00', '$0'],
    [1e21, '$1,000,000,000,000,000,000,000.00', '$1,000,000,000,000,000,000,000'],
    [Number.NaN, '$NaN', '$NaN'],
    [Number.POSITIVE_INFINITY, '$∞', '$∞'],
    [Number.NEGATIVE_INFINITY, '-$∞', '-$∞'],
  ])('%d is %s, or %s in whole dollars', (amount, withCents, wholeDollars) => {
    expect(formatNzd(amount)).toBe(withCents);
    expect(formatNzdWhole(amount)).toBe(wholeDollars);
  });

  it("writes what Intl's en-NZ currency format writes, over many amounts", () => {
    // Halves, thirds, GST-style products and large figures: the cases where rounding or grouping could differ.
    const amounts = Array.from({ length: 4000 }, (_, i) => [i * 0.005, i * 1.15, i * 333.3333, i ** 3 / 7]).flat();
    for (const amount of amounts) {
      expect(formatNzd(amount)).toBe(cents.format(amount));
      expect(formatNzdWhole(amount)).toBe(whole.format(amount));
      expect(formatNzd(-amount - 1)).toBe(cents.format(-amount - 1));
    }
  });
});
