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
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params?: Record<string, string | number | boolean | undefined>;
}

/** All money in tracking is NZD (§7). */
export const TRACKING_CURRENCY = 'NZD';
