import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  CONTACT_METHODS,
  CONVERSION_EVENT_TYPES,
  ENQUIRY_STATUSES,
  QUOTE_KINDS,
  QUOTE_STATUSES,
} from '@agency/contracts';
import { bool, createdAt, id, updatedAt, timestamp } from './columns';

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
    services: text('services', { mode: 'json' }).$type<unknown>().notNull().default([]),
    additionalNotes: text('additionalNotes'),
    pricingDetails: text('pricingDetails', { mode: 'json' }).$type<unknown>(),
    totalMonthlyCost: real('totalMonthlyCost'),
    totalSetupCost: real('totalSetupCost'),
    discountApplied: text('discountApplied'),
    finalMonthlyCost: real('finalMonthlyCost'),
    finalSetupCost: real('finalSetupCost'),
    options: text('options', { mode: 'json' }).$type<unknown>(),
    browserPricing: text('browserPricing', { mode: 'json' }).$type<unknown>(),
    pricingAgreed: bool('pricingAgreed'),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quotes_status_idx').on(t.status), index('quotes_created_idx').on(t.createdAt)],
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
    servicesInterested: text('servicesInterested', { mode: 'json' }).$type<string[]>().notNull().default([]),
    comments: text('comments'),
    howDidYouHear: text('howDidYouHear'),
    preferredContactMethod: text('preferredContactMethod', { enum: CONTACT_METHODS }).notNull().default('email'),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_inquiries_status_idx').on(t.status), index('contact_inquiries_created_idx').on(t.createdAt)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('consultation_requests_status_idx').on(t.status),
    index('consultation_requests_created_idx').on(t.createdAt),
  ],
);

export const optInLeads = sqliteTable(
  'opt_in_leads',
  {
    id: id(),
    firstName: text('firstName').notNull(),
    email: text('email').notNull(),
    leadMagnet: text('leadMagnet').notNull(),
    createdAt: createdAt(),
    /**
     * When the e-mail with the audio's link was queued; null while it waits for staff to upload the audio, whose
     * upload then sends it (decision 0064).
     */
    audioSentAt: timestamp('audioSentAt'),
  },
  (t) => [index('opt_in_leads_created_idx').on(t.createdAt)],
);

export const conversionEvents = sqliteTable(
  'conversion_events',
  {
    id: id(),
    eventType: text('eventType', { enum: CONVERSION_EVENT_TYPES }).notNull(),
    userData: text('userData', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    customData: text('customData', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('conversion_events_created_idx').on(t.createdAt)],
);
