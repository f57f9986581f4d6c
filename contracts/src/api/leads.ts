import { EnquiryStatusUpdateSchema, LeadRowSchema, QuoteStatusUpdateSchema } from '../schemas/entities';
import { pageOf } from '../schemas/common';
import {
  ConsultationRequestSchema,
  ContactInquirySchema,
  ConversionEventSchema,
  DiscountCodeRequestSchema,
  DiscountCodeResponseSchema,
  LeadAcceptedSchema,
  OptInSchema,
} from '../schemas/leads';
import { IdParamSchema, LeadFilterQuerySchema, LeadListQuerySchema, LeadParamSchema } from '../schemas/queries';
import { QuoteSubmissionSchema, WebsiteQuoteRequestSchema, WebsiteQuoteResponseSchema } from '../schemas/quotes';
import type { Endpoint } from './endpoint';

// Lead capture from the public forms (leads-and-quoting §3) and the staff inbox. A success means the lead and its
// e-mails are stored; public writes are limited per client address (429 with Retry-After past the limit).

export const submitEnquiry = {
  method: 'POST',
  path: '/api/contact-inquiry',
  summary: 'Stores an enquiry from the home form and notifies the agency.',
  access: 'anyone',
  body: ContactInquirySchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const submitConsultation = {
  method: 'POST',
  path: '/api/submit-consultation',
  summary: 'Stores a consultation request and notifies the agency.',
  access: 'anyone',
  body: ConsultationRequestSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const optIn = {
  method: 'POST',
  path: '/api/opt-in',
  summary: 'Signs a visitor up for the audio and e-mails them its link.',
  access: 'anyone',
  body: OptInSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const trackConversion = {
  method: 'POST',
  path: '/api/conversions/track-event',
  summary: 'Records a conversion event.',
  access: 'anyone',
  body: ConversionEventSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const websiteQuote = {
  method: 'POST',
  path: '/api/website-quote',
  summary: "Stores the website calculator's quote, priced again by the server, and e-mails it.",
  access: 'anyone',
  body: WebsiteQuoteRequestSchema,
  answer: WebsiteQuoteResponseSchema,
} as const satisfies Endpoint;

export const submitQuote = {
  method: 'POST',
  path: '/api/submit-quote',
  summary: 'Stores a social or custom quote (told apart by quoteDetails.services), priced again by the server.',
  access: 'anyone',
  body: QuoteSubmissionSchema,
  answer: WebsiteQuoteResponseSchema,
  status: [201],
} as const satisfies Endpoint;

export const checkDiscountCode = {
  method: 'POST',
  path: '/api/discount-codes/validate',
  summary: "A discount code's percentage (404 for a code that is not one).",
  access: 'anyone',
  body: DiscountCodeRequestSchema,
  answer: DiscountCodeResponseSchema,
} as const satisfies Endpoint;

export const adminLeads = {
  method: 'GET',
  path: '/api/admin/leads',
  summary: 'A page of leads of one type, newest first, filtered by status and a search.',
  access: 'staff',
  query: LeadListQuerySchema,
  answer: /* @__PURE__ */ pageOf(LeadRowSchema),
} as const satisfies Endpoint;

export const exportLeads = {
  method: 'GET',
  path: '/api/admin/leads/export.csv',
  summary: "Every lead the list's filters match, as CSV, streamed (at most 2 exports per person, 4 in all).",
  access: 'staff',
  query: LeadFilterQuerySchema,
  answer: { file: 'text/csv' },
} as const satisfies Endpoint;

export const adminLead = {
  method: 'GET',
  path: '/api/admin/leads/:type/:id',
  summary: 'One lead with every column.',
  access: 'staff',
  params: LeadParamSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setEnquiryStatus = {
  method: 'PATCH',
  path: '/api/admin/enquiries/:id',
  summary: "Changes an enquiry's status.",
  access: 'staff',
  params: IdParamSchema,
  body: EnquiryStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setConsultationStatus = {
  method: 'PATCH',
  path: '/api/admin/consultations/:id',
  summary: "Changes a consultation request's status.",
  access: 'staff',
  params: IdParamSchema,
  body: EnquiryStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;

export const setQuoteStatus = {
  method: 'PATCH',
  path: '/api/admin/quotes/:id',
  summary: "Changes a quote's status.",
  access: 'staff',
  params: IdParamSchema,
  body: QuoteStatusUpdateSchema,
  answer: LeadRowSchema,
} as const satisfies Endpoint;
