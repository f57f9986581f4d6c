import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  CONTACT_METHODS,
  CONVERSION_EVENT_TYPES,
  ENQUIRY_STATUSES,
  QUOTE_KINDS,
  QUOTE_STATUSES,
} from '@agency/contracts';
import { bool, createdAt, id, jsonText, timestamp, updatedAt } from './columns';
import { users } from './accounts';

/**
 * The follow-up clock of a lead (decision 0065): due 24 business hours after it came in, a reminder 2 business hours
 * before, followed up when staff first change its status from new or log a contact; and who it is assigned to.
 * Every kind of lead has these, so the inbox sorts and filters all four the same way.
 */
/**
 * The reminder job's due leads, read every minute (areas/leads/follow-up-reminders.ts): its index holds only leads not yet reminded
 * nor followed up, so the read costs the few pending, not every lead of five years (migration 0018).
 */
const REMINDER_PENDING = sql`"remindedAt" is null and "followedUpAt" is null`;

/** Leads stored before the follow-up clock, which housekeeping gives one (areas/leads/follow-up-backfill.ts): none, once done. */
const NO_CLOCK = sql`"followUpBy" is null`;

const followUp = () => ({
  followUpBy: timestamp('followUpBy'),
  remindAt: timestamp('remindAt'),
  remindedAt: timestamp('remindedAt'),
  followedUpAt: timestamp('followedUpAt'),
  assignedTo: integer('assignedTo').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Website, social and custom quotes share this table (`source` tells them apart): admins work one pipeline.
 * The money columns are the server's own figures, recomputed from `options`; what the browser sent is kept in
 * `browserPricing` and `pricingAgreed` records whether the two matched to the cent.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: id(),
    source: text('source', { enum: QUOTE_KINDS }).notNull(),
    businessName: text('businessName'),
    businessType: text('businessType'),
    contactName: text('contactName'),
    contactEmail: text('contactEmail').notNull(),
    contactPhone: text('contactPhone'),
    services: jsonText<unknown>('services').notNull().default([]),
    additionalNotes: text('additionalNotes'),
    pricingDetails: jsonText<unknown>('pricingDetails'),
    totalMonthlyCost: real('totalMonthlyCost'),
    totalSetupCost: real('totalSetupCost'),
    discountApplied: text('discountApplied'),
    finalMonthlyCost: real('finalMonthlyCost'),
    finalSetupCost: real('finalSetupCost'),
    options: jsonText<unknown>('options'),
    browserPricing: jsonText<unknown>('browserPricing'),
    pricingAgreed: bool('pricingAgreed'),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('pending'),
    ...followUp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A status's page in created order from the index alone (the inbox's filter; decision 0067).
  (t) => [
    index('quotes_status_created_idx').on(t.status, t.createdAt),
    index('quotes_created_idx').on(t.createdAt),
    index('quotes_remind_idx').on(t.remindAt).where(REMINDER_PENDING),
    index('quotes_no_clock_idx').on(t.id).where(NO_CLOCK),
    index('quotes_assigned_idx').on(t.assignedTo),
    // A person's leads by address (a closed client's retention, a privacy request; migration 0018).
    index('quotes_email_idx').on(sql`lower(${t.contactEmail})`),
  ],
);

export const contactInquiries = sqliteTable(
  'contact_inquiries',
  {
    id: id(),
    businessName: text('businessName').notNull(),
    contactName: text('contactName').notNull(),
    contactEmail: text('contactEmail').notNull(),
    contactPhone: text('contactPhone'),
    industry: text('industry'),
    servicesInterested: jsonText<string[]>('servicesInterested').notNull().default([]),
    comments: text('comments'),
    howDidYouHear: text('howDidYouHear'),
    preferredContactMethod: text('preferredContactMethod', { enum: CONTACT_METHODS }).notNull().default('email'),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    ...followUp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_inquiries_status_created_idx').on(t.status, t.createdAt),
    index('contact_inquiries_created_idx').on(t.createdAt),
    index('contact_inquiries_remind_idx').on(t.remindAt).where(REMINDER_PENDING),
    index('contact_inquiries_no_clock_idx').on(t.id).where(NO_CLOCK),
    index('contact_inquiries_assigned_idx').on(t.assignedTo),
    index('contact_inquiries_email_idx').on(sql`lower(${t.contactEmail})`),
  ],
);

export const consultationRequests = sqliteTable(
  'consultation_requests',
  {
    id: id(),
    businessName: text('businessName').notNull(),
    contactName: text('contactName').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessType: text('businessType'),
    currentChallenge: text('currentChallenge').notNull(),
    goals: text('goals'),
    timeline: text('timeline'),
    service: text('service'),
    serviceRequested: text('serviceRequested'),
    /** When the browser says the form was sent (ISO); createdAt is when it was stored. */
    submittedAt: text('submittedAt'),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    ...followUp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('consultation_requests_status_created_idx').on(t.status, t.createdAt),
    index('consultation_requests_created_idx').on(t.createdAt),
    index('consultation_requests_remind_idx').on(t.remindAt).where(REMINDER_PENDING),
    index('consultation_requests_no_clock_idx').on(t.id).where(NO_CLOCK),
    index('consultation_requests_assigned_idx').on(t.assignedTo),
    index('consultation_requests_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const optInLeads = sqliteTable(
  'opt_in_leads',
  {
    id: id(),
    firstName: text('firstName').notNull(),
    email: text('email').notNull(),
    leadMagnet: text('leadMagnet').notNull(),
    ...followUp(),
    createdAt: createdAt(),
    /**
     * When the e-mail with the audio's link was queued; null while it waits for staff to upload the audio, whose
     * upload then sends it (decision 0064).
     */
    audioSentAt: timestamp('audioSentAt'),
  },
  (t) => [
    index('opt_in_leads_created_idx').on(t.createdAt),
    index('opt_in_leads_remind_idx').on(t.remindAt).where(REMINDER_PENDING),
    index('opt_in_leads_no_clock_idx').on(t.id).where(NO_CLOCK),
    index('opt_in_leads_assigned_idx').on(t.assignedTo),
    index('opt_in_leads_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const conversionEvents = sqliteTable(
  'conversion_events',
  {
    id: id(),
    eventType: text('eventType', { enum: CONVERSION_EVENT_TYPES }).notNull(),
    userData: jsonText<Record<string, unknown>>('userData').notNull(),
    customData: jsonText<Record<string, unknown>>('customData'),
    createdAt: createdAt(),
    // Decision 0095: what the ad platforms need to count the server's event as the browser's (null on rows from
    // before it). The event id is the browser's, or one made here for an older remote that sent none.
    eventId: text('eventId'),
    /** The page it happened on, kept only when it is one of the site's own origins. */
    eventSourceUrl: text('eventSourceUrl'),
    gaClientId: text('gaClientId'),
    gaSessionId: text('gaSessionId'),
    /** Meta's `_fbp` / `_fbc` cookies (`fb.1.<ms>.<text>`), as the browser had them. */
    fbp: text('fbp'),
    fbc: text('fbc'),
    /** The client's address as the rate limits see it, and its user agent (bounded): Meta matches on both. */
    clientAddress: text('clientAddress'),
    userAgent: text('userAgent'),
    /** The visitor's consent cookie when the event came: ads gates Meta, analytics gates GA4. */
    adsConsent: bool('adsConsent'),
    analyticsConsent: bool('analyticsConsent'),
  },
  (t) => [
    index('conversion_events_created_idx').on(t.createdAt),
    // A person's events by address, for a privacy request's copy and erasure (decision 0081).
    index('conversion_events_email_idx').on(sql`lower(json_extract(${t.userData}, '$.email'))`),
  ],
);
