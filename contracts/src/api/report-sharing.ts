import { MessageSchema } from '../schemas/common';
import { IdParamSchema } from '../schemas/queries';
import { CreatedShareLinkSchema, ShareLinkInputSchema, ShareLinkListSchema } from '../schemas/report-sharing';
import type { Endpoint } from './endpoint';

// A published report as a PDF, and the links that show it without signing in (decision 0113).

/** The report's PDF: a client's own published report, or any report for staff (a draft too, to check it). */
export const reportPdf = {
  method: 'GET',
  path: '/api/reports/:id/pdf',
  access: 'signed-in',
  params: IdParamSchema,
  answer: { file: 'application/pdf' },
} as const satisfies Endpoint;

export const reportShareLinks = {
  method: 'GET',
  path: '/api/admin/reports/:id/share-links',
  access: 'staff',
  params: IdParamSchema,
  answer: ShareLinkListSchema,
} as const satisfies Endpoint;

/** A new link to a published report; its address is in this answer only (the token is stored as a hash). */
export const createReportShareLink = {
  method: 'POST',
  path: '/api/admin/reports/:id/share-links',
  access: 'staff',
  params: IdParamSchema,
  body: ShareLinkInputSchema,
  answer: CreatedShareLinkSchema,
  status: [201],
} as const satisfies Endpoint;

export const revokeReportShareLink = {
  method: 'DELETE',
  path: '/api/admin/share-links/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;
