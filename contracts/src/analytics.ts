/**
 * Browser-side analytics events (leads-and-quoting §7: "contact, lead, schedule, view content, initiate
 * checkout, complete registration; form starts, conversions, audio play/pause/end, call-booking clicks").
 * Remotes name the event; the shell decides where it goes (analytics, pixel, or nowhere when unconfigured).
 */
export const ANALYTICS_EVENTS = [
  'contact',
  'lead',
  'schedule',
  'view_content',
  'initiate_checkout',
  'complete_registration',
  'form_start',
  'form_error',
  'conversion',
  'audio_play',
  'audio_pause',
  'audio_end',
  'call_booking_click',
  // Site-wide, sent by the shell (site-and-accounts §7).
  'page_view',
  'scroll_depth',
  'engagement_time',
  'form_submit',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params?: Record<string, string | number | boolean | undefined>;
  /**
   * A conversion's id (decision 0095): the pixel gets it as `eventID` and the server sends the same id to the
   * Conversions API, so Meta counts the pair once. Made by `newEventId()` where the conversion happens.
   */
  eventId?: string;
}

/** A fresh conversion id (matches the API's EventIdSchema); browsers and Node both have `crypto.randomUUID`. */
export const newEventId = (): string =>
  (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto.randomUUID();

/** All money in tracking is NZD (site-and-accounts §7). */
export const TRACKING_CURRENCY = 'NZD';

/** Which ad-pixel standard event an analytics event also counts as (site-and-accounts §7: PageView, Lead, Contact, ...). */
export const PIXEL_EVENTS: Partial<Record<AnalyticsEventName, string>> = {
  page_view: 'PageView',
  lead: 'Lead',
  schedule: 'Lead',
  contact: 'Contact',
  view_content: 'ViewContent',
  initiate_checkout: 'InitiateCheckout',
  complete_registration: 'CompleteRegistration',
};

/**
 * Calls to action (site-and-accounts §7): "A CTA click of type consultation or quote fires a lead or checkout-start
 * event", paired in the order given. A consultation button (booking a strategy call) is the visitor raising a hand,
 * a lead; a quote button (opening a calculator or the quote request) starts the path to buying, a checkout start.
 */
export type CtaType = 'consultation' | 'quote';
export const CTA_EVENTS = { consultation: 'lead', quote: 'initiate_checkout' } as const satisfies Record<
  CtaType,
  AnalyticsEventName
>;

/** The event a call to action sends when clicked: which button (its visible text) on which page (its path). */
export function ctaClickEvent(type: CtaType, button: string, page: string): AnalyticsEvent {
  return { name: CTA_EVENTS[type], params: { cta_type: type, button, page } };
}

/**
 * Values the spec fixes for tracking (leads-and-quoting §7, §9): the contact form and any lead count 1 NZD; the
 * lead engine's discovery call counts the offer's price (LEAD_ENGINE_OFFER.price). Quotes count their monthly total
 * excl. GST, the figure the saved quote keeps "for analytics" (totalMonthly).
 */
export const LEAD_VALUE = 1;

/** site-and-accounts §9: third-party scripts never block rendering; each waits this long after the first page load. */
export const THIRD_PARTY_DELAYS_MS = {
  analytics: 1000,
  pixel: 1500,
  chatbotLauncher: 2000,
  chatbotPopup: 5000,
} as const;
/** site-and-accounts §9: scroll tracking throttle, engagement floor and the reported scroll depths. */
export const SCROLL_THROTTLE_MS = 250;
export const ENGAGEMENT_MIN_MS = 1000;
export const SCROLL_DEPTHS = [25, 50, 75, 100] as const;
/** site-and-accounts §2 Widgets: the chatbot stays off these pages (they carry their own single call to action). */
export const CHATBOT_HIDDEN_PATHS = ['/real-talk-opt-in', '/real-talk-thank-you', '/local-lead-engine-offer'] as const;
