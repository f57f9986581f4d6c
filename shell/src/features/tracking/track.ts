import type { AnalyticsEvent } from '@agency/contracts';

type Gtag = (command: 'event', name: string, params?: Record<string, unknown>) => void;
declare global {
  interface Window {
    gtag?: Gtag;
    agencyEvents?: AnalyticsEvent[];
  }
}

/**
 * Hands an event to the analytics script when one is loaded (runtime config decides that). Events are
 * also kept in `window.agencyEvents` so tests and a tag manager can see them; tracking never throws.
 */
export function track(event: AnalyticsEvent): void {
  try {
    (window.agencyEvents ??= []).push(event);
    window.gtag?.('event', event.name, event.params);
  } catch (error) {
    console.warn('Tracking failed', error);
  }
}
