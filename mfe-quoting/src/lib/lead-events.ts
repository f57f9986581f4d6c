import { TRACKING_CURRENCY, type AnalyticsEvent } from '@agency/contracts';

/**
 * A quote the server has stored is a lead (pixel Lead) worth the quote's monthly total excl. GST, the figure the
 * saved quote keeps for analytics (leads-and-quoting §3 "totalMonthly and setupCost are also used for analytics").
 * Sent only after a successful answer, never for a failed one.
 */
export function quoteLeadEvent(form: string, figures: { monthly: number; setup: number }): AnalyticsEvent {
  return {
    name: 'lead',
    params: {
      form,
      value: figures.monthly,
      currency: TRACKING_CURRENCY,
      setup_cost: figures.setup,
      page: window.location.pathname,
    },
  };
}
