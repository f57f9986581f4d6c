import { pageOf } from '../schemas/common';
import { EnquiryStatusUpdateSchema, LeadRowSchema, QuoteStatusUpdateSchema } from '../schemas/entities';
import { IdParamSchema, LeadFilterQuerySchema, LeadListQuerySchema, LeadParamSchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// The staff inbox: every kind of lead, its status, and the CSV export.

export const adminLeads = {
  method: 'GET',
  path: '/api/admin/leads',
  access: 'staff',
  query: LeadListQuerySchema,
  answer: /* @__PURE__ */ pageOf(LeadRowSchema),
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
