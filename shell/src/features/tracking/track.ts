import { PIXEL_EVENTS, TRACKING_CURRENCY, type AnalyticsEvent } from '@agency/contracts';

type Gtag = (command: 'event' | 'config' | 'js', ...args: unknown[]) => void;
type Fbq = ((command: 'init' | 'track' | 'trackCustom', ...args: unknown[]) => void) & { queue?: unknown[][] };
declare global {
  interface Window {
    gtag?: Gtag;
    fbq?: Fbq;
    dataLayer?: unknown[];
    agencyEvents?: AnalyticsEvent[];
  }
}

/**
 * Hands an event to the analytics and pixel scripts when runtime config loaded them. Events are also kept in
 * `window.agencyEvents` so tests and a tag manager can see them; with no ids configured that is all that
 * happens. Tracking never throws.
 */
export function track(event: AnalyticsEvent): void {
  try {
    (window.agencyEvents ??= []).push(event);
    window.gtag?.('event', event.name, event.params);
    const pixelEvent = PIXEL_EVENTS[event.name];
    if (pixelEvent && window.fbq) {
      const params =
        event.params?.value !== undefined ? { currency: TRACKING_CURRENCY, ...event.params } : event.params;
      window.fbq('track', pixelEvent, params);
    }
  } catch (error) {
    console.warn('Tracking failed', error);
  }
}
