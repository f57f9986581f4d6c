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
}

/** All money in tracking is NZD (§7). */
export const TRACKING_CURRENCY = 'NZD';

/** Which ad-pixel standard event an analytics event also counts as (§7: PageView, Lead, Contact, ...). */
export const PIXEL_EVENTS: Partial<Record<AnalyticsEventName, string>> = {
  page_view: 'PageView',
  lead: 'Lead',
  schedule: 'Lead',
  contact: 'Contact',
  view_content: 'ViewContent',
  initiate_checkout: 'InitiateCheckout',
  complete_registration: 'CompleteRegistration',
};

/** §9: third-party scripts never block rendering; each waits this long after the first page load. */
export const THIRD_PARTY_DELAYS_MS = {
  analytics: 1000,
  pixel: 1500,
  chatbotLauncher: 2000,
  chatbotPopup: 5000,
} as const;
/** §9: scroll tracking throttle, engagement floor and the reported scroll depths. */
export const SCROLL_THROTTLE_MS = 250;
export const ENGAGEMENT_MIN_MS = 1000;
export const SCROLL_DEPTHS = [25, 50, 75, 100] as const;
/** §2 Widgets: the chatbot stays off these pages (they carry their own single call to action). */
export const CHATBOT_HIDDEN_PATHS = ['/real-talk-opt-in', '/real-talk-thank-you', '/local-lead-engine-offer'] as const;
