import {
  ConsultationRequestSchema,
  ContactInquirySchema,
  ConversionEventSchema,
  DiscountCodeRequestSchema,
  DiscountCodeResponseSchema,
  LeadAcceptedSchema,
  OptInSchema,
} from '../schemas/leads';
import type { Endpoint } from './endpoint';

// The public forms' leads (leads-and-quoting §3) and the calculator's discount check. A success means the lead and
// its e-mails are stored; these writes are limited per client address (429 with Retry-After past the limit).

export const submitEnquiry = {
  method: 'POST',
  path: '/api/contact-inquiry',
  access: 'anyone',
  body: ContactInquirySchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const submitConsultation = {
  method: 'POST',
  path: '/api/submit-consultation',
  access: 'anyone',
  body: ConsultationRequestSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const optIn = {
  method: 'POST',
  path: '/api/opt-in',
  access: 'anyone',
  body: OptInSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const trackConversion = {
  method: 'POST',
  path: '/api/conversions/track-event',
  access: 'anyone',
  body: ConversionEventSchema,
  answer: LeadAcceptedSchema,
  status: [201],
} as const satisfies Endpoint;

export const checkDiscountCode = {
  method: 'POST',
  path: '/api/discount-codes/validate',
  access: 'anyone',
  body: DiscountCodeRequestSchema,
  answer: DiscountCodeResponseSchema,
} as const satisfies Endpoint;
