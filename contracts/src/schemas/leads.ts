import { z } from 'zod';
import {
  CONSULTATION_BUSINESS_TYPES,
  CONSULTATION_TIMELINES,
  CONTACT_METHODS,
  CONVERSION_EVENT_TYPES,
  LEAD_MAGNET,
  SERVICE_CATEGORIES,
} from '../constants';
import { emailField, LIMITS, optionalText, requiredText } from './common';

/** Every stored lead's answer (201): it is on disk, under this id, and the sentence says what happens next. */
export const LeadAcceptedSchema = z.object({ success: z.literal(true), id: z.number().int(), message: z.string() });

/** Home enquiry form (leads-and-quoting §3, messages of §5). */
export const ContactInquirySchema = z.object({
  businessName: requiredText('Business name is required'),
  contactName: requiredText('Contact name is required'),
  contactEmail: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters` })
    // The spec's simple pattern: text, @, text, dot, text.
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Please enter a valid email' })
    .transform((e) => e.toLowerCase()),
  contactPhone: optionalText(LIMITS.phone),
  industry: optionalText(LIMITS.short),
  servicesInterested: z
    .array(z.enum(SERVICE_CATEGORIES, { error: 'Unknown service' }), { error: 'Please select at least one service' })
    .min(1, { error: 'Please select at least one service' })
    .max(SERVICE_CATEGORIES.length)
    .transform((list) => [...new Set(list)]),
  comments: optionalText(),
  howDidYouHear: optionalText(LIMITS.short),
  preferredContactMethod: z
    .enum(CONTACT_METHODS, { error: 'Preferred contact method must be email or phone' })
    .default('email'),
});
export type ContactInquiryInput = z.input<typeof ContactInquirySchema>;
export type ContactInquiry = z.output<typeof ContactInquirySchema>;

/** Shared consultation form (leads-and-quoting §3, §5). */
export const ConsultationRequestSchema = z.object({
  businessName: requiredText('Business name is required'),
  contactName: requiredText('Contact name is required'),
  email: emailField('Please enter a valid email address'),
  phone: requiredText('Phone number is required', LIMITS.phone),
  businessType: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CONSULTATION_BUSINESS_TYPES, { error: 'Unknown business type' }).optional(),
  ),
  currentChallenge: requiredText('Please tell us your current challenge', LIMITS.text),
  goals: optionalText(),
  timeline: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CONSULTATION_TIMELINES, { error: 'Unknown timeline' }).optional(),
  ),
  service: optionalText(LIMITS.short),
  serviceRequested: optionalText(LIMITS.short),
  submittedAt: z.iso.datetime({ error: 'submittedAt must be an ISO date-time', offset: true }).optional(),
});
export type ConsultationRequestInput = z.input<typeof ConsultationRequestSchema>;
export type ConsultationRequest = z.output<typeof ConsultationRequestSchema>;

/** Free-audio sign-up (leads-and-quoting §3, §5). */
export const OptInSchema = z.object({
  firstName: requiredText('First name is required', LIMITS.name),
  email: emailField('Please enter a valid email address', 'Please enter a valid email address'),
  leadMagnet: z.literal(LEAD_MAGNET, { error: `leadMagnet must be ${LEAD_MAGNET}` }).default(LEAD_MAGNET),
});
export type OptInInput = z.input<typeof OptInSchema>;
export type OptIn = z.output<typeof OptInSchema>;

/** Conversion event (leads-and-quoting §3). */
/**
 * One conversion's id, made in the browser when it happens and sent both with the pixel/gtag event and with this
 * call, so the ad platforms count the browser's event and the server's once (decision 0095).
 */
export const EventIdSchema = z
  .string({ error: 'eventId must be text' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'eventId must be 8-64 letters, digits, - or _' });

export const ConversionEventSchema = z.object({
  eventType: z.enum(CONVERSION_EVENT_TYPES, { error: 'eventType must be lead or registration' }),
  /** Optional only for remote builds released before it; without one the server event cannot be de-duplicated. */
  eventId: EventIdSchema.optional(),
  /** The page the conversion happened on (Meta's `event_source_url`); the gateway keeps it only on its own origins. */
  eventSourceUrl: z.url({ error: 'eventSourceUrl must be a URL' }).max(2048).optional(),
  /** Google Analytics' ids from its `_ga` / `_ga_<stream>` cookies, for the Measurement Protocol. */
  ga: z
    .object({
      clientId: z
        .string()
        .regex(/^\d{1,12}\.\d{1,12}$/, { error: 'ga.clientId must look like 123456789.1700000000' })
        .optional(),
      sessionId: z
        .string()
        .regex(/^\d{1,20}$/, { error: 'ga.sessionId must be digits' })
        .optional(),
    })
    .optional(),
  userData: z.object({
    email: emailField(),
    firstName: optionalText(LIMITS.name),
    phone: optionalText(LIMITS.phone),
  }),
  customData: z
    .object({
      contentName: optionalText(LIMITS.short),
      leadSource: optionalText(LIMITS.short),
      value: z.number().finite().min(0).max(1_000_000).optional(),
      formType: optionalText(LIMITS.short),
    })
    .default({}),
});
export type ConversionEventInput = z.input<typeof ConversionEventSchema>;

export const DiscountCodeRequestSchema = z.object({
  code: z
    .string({ error: 'Discount code is required' })
    .trim()
    .min(1, { error: 'Discount code is required' })
    .max(40, { error: 'Discount code is too long' })
    .transform((c) => c.toUpperCase()),
});
export const DiscountCodeResponseSchema = z.object({ code: z.string(), percentage: z.number().min(0).max(100) });
export type DiscountCodeResponse = z.infer<typeof DiscountCodeResponseSchema>;
