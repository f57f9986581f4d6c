import { z } from 'zod';
import { MessageSchema, pageOf } from '../schemas/common';
import {
  ClientHoldSchema,
  LeadAssignSchema,
  LeadEventInputSchema,
  LeadEventSchema,
  LeadHoldSchema,
  LeadOverviewSchema,
  PrivacyCloseSchema,
  PrivacyRequestRowSchema,
  RetentionHoldSchema,
  RetentionPreviewSchema,
} from '../schemas/lead-work';
import { EnquiryStatusUpdateSchema, LeadRowSchema, QuoteStatusUpdateSchema } from '../schemas/entities';
import {
  ALL_LEADS_EXPORT_PATH,
  IdParamSchema,
  LeadFilterQuerySchema,
  LeadListQuerySchema,
  LeadParamSchema,
  LeadZipQuerySchema,
} from '../schemas/queries';
import { FailedMessagesSchema } from '../schemas/outbox';
import type { Endpoint } from './endpoint';

// The staff inbox: every kind of lead, its status, and the CSV export.

export const adminLeads = {
  method: 'GET',
  path: '/api/admin/leads',
  access: 'staff',
  query: LeadListQuerySchema,
  // `totalAtLeast`: a search stopped counting its matches at `total` (there are that many or more).
  answer: /* @__PURE__ */ pageOf(LeadRowSchema).extend({ totalAtLeast: z.boolean().optional() }),
} as const satisfies Endpoint;

export const exportLeads = {
  method: 'GET',
  path: '/api/admin/leads/export.csv',
  access: 'staff',
  query: LeadFilterQuerySchema,
  answer: { file: 'text/csv' },
  // Every lead at once is the most a stolen session could carry off.
  stepUp: true,
} as const satisfies Endpoint;

/**
 * The All view's export (decision 0106): a zip of one CSV per kind of lead (enquiries, quotes, consultations,
 * sign-ups), each with its own kind's columns, each as that kind's CSV export with the same filters.
 */
export const exportAllLeads = {
  method: 'GET',
  path: ALL_LEADS_EXPORT_PATH,
  access: 'staff',
  query: LeadZipQuerySchema,
  answer: { file: 'application/zip' },
  stepUp: true,
} as const satisfies Endpoint;

export const adminLead = {
  method: 'GET',
  path: '/api/admin/leads/:type/:id',
  access: 'staff',
  params: LeadParamSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setEnquiryStatus = {
  method: 'PATCH',
  path: '/api/admin/enquiries/:id',
  access: 'staff',
  params: IdParamSchema,
  body: EnquiryStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setConsultationStatus = {
  method: 'PATCH',
  path: '/api/admin/consultations/:id',
  access: 'staff',
  params: IdParamSchema,
  body: EnquiryStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setQuoteStatus = {
  method: 'PATCH',
  path: '/api/admin/quotes/:id',
  access: 'staff',
  params: IdParamSchema,
  body: QuoteStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

/** A lead's timeline, oldest first. */
export const leadTimeline = {
  method: 'GET',
  path: '/api/admin/leads/:type/:id/timeline',
  access: 'staff',
  params: LeadParamSchema,
  answer: /* @__PURE__ */ z.array(LeadEventSchema),
} as const satisfies Endpoint;

/** A note, call or e-mail on a lead; a call or e-mail follows it up. */
export const addLeadEvent = {
  method: 'POST',
  path: '/api/admin/leads/:type/:id/timeline',
  access: 'staff',
  params: LeadParamSchema,
  body: LeadEventInputSchema,
  answer: LeadEventSchema,
  status: [201],
} as const satisfies Endpoint;

export const assignLead = {
  method: 'PUT',
  path: '/api/admin/leads/:type/:id/assignee',
  access: 'staff',
  params: LeadParamSchema,
  body: LeadAssignSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const leadHold = {
  method: 'GET',
  path: '/api/admin/leads/:type/:id/hold',
  access: 'staff',
  params: LeadParamSchema,
  answer: LeadHoldSchema,
} as const satisfies Endpoint;

export const holdLead = {
  method: 'PUT',
  path: '/api/admin/leads/:type/:id/hold',
  access: 'staff',
  params: LeadParamSchema,
  body: RetentionHoldSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const releaseLeadHold = {
  method: 'DELETE',
  path: '/api/admin/leads/:type/:id/hold',
  access: 'staff',
  params: LeadParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

/** A closed client's records kept past the seven years after closure (decision 0069). */
export const holdClient = {
  method: 'PUT',
  path: '/api/admin/users/:id/hold',
  access: 'staff',
  params: IdParamSchema,
  body: ClientHoldSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const releaseClientHold = {
  method: 'DELETE',
  path: '/api/admin/users/:id/hold',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const leadOverview = {
  method: 'GET',
  path: '/api/admin/lead-overview',
  access: 'staff',
  answer: LeadOverviewSchema,
} as const satisfies Endpoint;

/** E-mails and webhook notices that failed: the dead ones (tries spent) and those still retrying (decision 0087). */
export const failedMessages = {
  method: 'GET',
  path: '/api/admin/outbox/failed',
  access: 'staff',
  answer: FailedMessagesSchema,
} as const satisfies Endpoint;

/** Tries a dead or retrying message again now, with a fresh set of tries. */
export const retryMessage = {
  method: 'POST',
  path: '/api/admin/outbox/:id/retry',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const retentionPreview = {
  method: 'GET',
  path: '/api/admin/retention',
  access: 'staff',
  answer: RetentionPreviewSchema,
} as const satisfies Endpoint;

/** Confirmed privacy requests, soonest due first, then the done ones. */
export const privacyRequests = {
  method: 'GET',
  path: '/api/admin/privacy-requests',
  access: 'staff',
  answer: /* @__PURE__ */ z.array(PrivacyRequestRowSchema),
} as const satisfies Endpoint;

/** Everything held about the request's address, as the person's readable copy (a zip of a cover note and CSVs). */
export const privacyExport = {
  method: 'GET',
  path: '/api/admin/privacy-requests/:id/export.zip',
  access: 'staff',
  params: IdParamSchema,
  answer: { file: 'application/zip' },
} as const satisfies Endpoint;

/**
 * Answers a request for a copy: e-mails the person a link to their readable copy (decision 0081), which works for
 * a week, and marks the request done.
 */
export const privacySendCopy = {
  method: 'POST',
  path: '/api/admin/privacy-requests/:id/send-copy',
  access: 'staff',
  params: IdParamSchema,
  answer: PrivacyRequestRowSchema,
} as const satisfies Endpoint;

/** Erases everything held about the request's address, everywhere. */
export const privacyErase = {
  method: 'POST',
  path: '/api/admin/privacy-requests/:id/erase',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

/** Marks a request done and e-mails the person what was done. */
export const privacyClose = {
  method: 'POST',
  path: '/api/admin/privacy-requests/:id/close',
  access: 'staff',
  params: IdParamSchema,
  body: PrivacyCloseSchema,
  answer: PrivacyRequestRowSchema,
} as const satisfies Endpoint;
