import { PIXEL_EVENTS, TRACKING_CURRENCY, type AnalyticsEvent } from '@agency/contracts';
import { consentStore } from '../consent/consent-store';

type Gtag = (command: 'event' | 'config' | 'js' | 'consent', ...args: unknown[]) => void;
type Fbq = ((command: 'init' | 'track' | 'trackCustom' | 'consent', ...args: unknown[]) => void) & {
  queue?: unknown[][];
};
declare global {
  interface Window {
    gtag?: Gtag;
    fbq?: Fbq;
    dataLayer?: unknown[];
    agencyEvents?: AnalyticsEvent[];
  }
}

/**
 * Hands an event to the analytics and pixel scripts when runtime config and the visitor's consent loaded them.
 * Events are also kept in `window.agencyEvents` so tests and a tag manager can see them; with no ids configured that
 * is all that happens. A conversion's `eventId` goes to gtag as `event_id` and to the pixel as `{ eventID }`, the
 * same id the server sends, so each platform counts the pair once (decision 0095). Tracking never throws.
 */
export function track(event: AnalyticsEvent): void {
  try {
    (window.agencyEvents ??= []).push(event);
    const { eventId } = event;
    window.gtag?.('event', event.name, eventId ? { ...event.params, event_id: eventId } : event.params);
    const pixelEvent = PIXEL_EVENTS[event.name];
    // A pixel loaded before ads consent was withdrawn is sent nothing more.
    if (pixelEvent && window.fbq && consentStore.get().choice?.ads) {
      const params =
        event.params?.value !== undefined ? { currency: TRACKING_CURRENCY, ...event.params } : event.params;
      if (eventId) window.fbq('track', pixelEvent, params, { eventID: eventId });
      else window.fbq('track', pixelEvent, params);
    }
  } catch (error) {
    console.warn('Tracking failed', error);
  }
}
