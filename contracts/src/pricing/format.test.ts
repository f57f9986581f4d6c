import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('price formatting', () => {
  it('builds no formatter until a price is formatted, then reuses it', async () => {
    // A page's first currency formatter loads the locale's data: that must not happen while a remote starts.
    vi.resetModules();
    const Real = Intl.NumberFormat;
    // A plain function, so the code's `new` still works; it hands back a real formatter.
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as typeof Real);
    const { formatNzd, formatNzdWhole } = await import('./format');
    expect(built).not.toHaveBeenCalled();
    expect(formatNzd(1947)).toBe('$1,947.00');
    expect(formatNzd(4758.7)).toBe('$4,758.70');
    expect(built).toHaveBeenCalledTimes(1);
    expect(formatNzdWhole(1947)).toBe('$1,947');
    expect(formatNzdWhole(2500.4)).toBe('$2,500');
    expect(built).toHaveBeenCalledTimes(2);
  });
});
