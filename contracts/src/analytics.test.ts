import { describe, expect, it } from 'vitest';
import { ctaClickEvent, PIXEL_EVENTS } from './analytics';

describe('calls to action', () => {
  it.each([
    // site-and-accounts §7: "A CTA click of type consultation or quote fires a lead or checkout-start event".
    ['consultation', 'Book My Strategy Call', '/', 'lead', 'Lead'],
    ['consultation', 'Book My Call', '/real-talk-thank-you', 'lead', 'Lead'],
    ['quote', 'Get Your Quote', '/faq', 'initiate_checkout', 'InitiateCheckout'],
    ['quote', 'Create My Online Quote', '/', 'initiate_checkout', 'InitiateCheckout'],
  ] as const)('%s "%s" on %s sends %s (pixel %s)', (type, button, page, event, pixel) => {
    const sent = ctaClickEvent(type, button, page);
    expect(sent).toEqual({ name: event, params: { cta_type: type, button, page } });
    expect(PIXEL_EVENTS[sent.name]).toBe(pixel);
  });
});

describe('pixel events', () => {
  it.each([
    ['contact', 'Contact'],
    ['lead', 'Lead'],
    ['schedule', 'Lead'],
    ['complete_registration', 'CompleteRegistration'],
    ['view_content', 'ViewContent'],
    ['page_view', 'PageView'],
  ] as const)('%s reaches the pixel as %s', (event, pixel) => {
    expect(PIXEL_EVENTS[event]).toBe(pixel);
  });
});
