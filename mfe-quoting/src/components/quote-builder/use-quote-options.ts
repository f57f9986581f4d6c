import { useMemo, useState } from 'react';
import {
  calculateQuote,
  DEFAULT_QUOTE_OPTIONS,
  WEBSITE_PACKAGES,
  type QuoteBreakdown,
  type QuoteOptions,
} from '@agency/contracts';

/**
 * The options a visitor is choosing, and their price from the shared engine. Selected add-ons survive a
 * package change (leads-and-quoting §4); only those that belong to the current package are priced and sent.
 */
export function useQuoteOptions(initial: Partial<QuoteOptions> = {}) {
  const [state, setState] = useState<QuoteOptions>({ ...DEFAULT_QUOTE_OPTIONS, ...initial });

  const options = useMemo<QuoteOptions>(() => {
    const valid =
      state.websitePackage === 'none' ? [] : WEBSITE_PACKAGES[state.websitePackage].addOns.map((a) => a.name);
    return { ...state, selectedAddOns: state.selectedAddOns.filter((name) => valid.includes(name)) };
  }, [state]);

  const breakdown = useMemo(() => pricedOrZero(options), [options]);

  const update = (patch: Partial<QuoteOptions>) => setState((s) => ({ ...s, ...patch }));
  const toggle = (key: 'selectedAddOns' | 'selectedMetaAdsAddOns', name: string) =>
    setState((s) => ({ ...s, [key]: s[key].includes(name) ? s[key].filter((n) => n !== name) : [...s[key], name] }));

  return { state, options, breakdown, update, toggle };
}

/**
 * Options built from the controls are always in range, and the engine refuses (throws) anything its tables cannot
 * price: that would be a bug, shown as zero. No schema here: the calculators' first load carries no zod (decision 0070).
 */
export function pricedOrZero(options: QuoteOptions, discountPercentage = 0): QuoteBreakdown {
  try {
    return calculateQuote(options, discountPercentage);
  } catch (error) {
    console.error('Quote options out of range', error);
    return calculateQuote(DEFAULT_QUOTE_OPTIONS, discountPercentage);
  }
}
