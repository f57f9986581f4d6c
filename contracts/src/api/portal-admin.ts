import { ClientAccountSchema } from '../schemas/auth';
import { MessageSchema, pageOf } from '../schemas/common';
import {
  ClientFileSchema,
  MetricsInputSchema,
  MetricsSchema,
  MonthlyReportInputSchema,
  MonthlyReportSchema,
} from '../schemas/entities';
import { ClientIdParamSchema, FileUploadQuerySchema, IdParamSchema, PageQuerySchema } from '../schemas/queries';
import { BuildDraftSchema, ReportDraftInputSchema, ReviewReportSchema } from '../schemas/report-drafts';
import type { Endpoint } from './endpoint';

// Staff keep each client's portal: the client list, reports, metrics and files.

export const adminClients = {
  method: 'GET',
  path: '/api/admin/clients',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ClientAccountSchema),
} as const satisfies Endpoint;

export const saveReport = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/reports',
  access: 'staff',
  params: ClientIdParamSchema,
  body: MonthlyReportInputSchema,
  answer: MonthlyReportSchema,
  status: [200, 201],
} as const satisfies Endpoint;

/** Staff: a client's reports, drafts first, each with what was fetched from Google and which figures were edited. */
export const clientReports = {
  method: 'GET',
  path: '/api/admin/clients/:clientId/reports',
  access: 'staff',
  params: ClientIdParamSchema,
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ReviewReportSchema),
} as const satisfies Endpoint;

/** Staff build (or refresh) a month's draft from the client's stored Google figures; edits and published reports stay. */
export const buildDraft = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/reports/draft',
  access: 'staff',
  params: ClientIdParamSchema,
  body: BuildDraftSchema,
  answer: ReviewReportSchema,
  status: [200, 201],
} as const satisfies Endpoint;

/** Staff save a draft's figures and narrative (409 once published: the report form corrects a published report). */
export const saveDraft = {
  method: 'PUT',
  path: '/api/admin/reports/:id',
  access: 'staff',
  params: IdParamSchema,
  body: ReportDraftInputSchema,
  answer: ReviewReportSchema,
} as const satisfies Endpoint;

/** Staff publish a draft: the client sees it and is told by e-mail, once. */
export const publishReport = {
  method: 'POST',
  path: '/api/admin/reports/:id/publish',
  access: 'staff',
  params: IdParamSchema,
  answer: ReviewReportSchema,
} as const satisfies Endpoint;

export const saveMetrics = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/metrics',
  access: 'staff',
  params: ClientIdParamSchema,
  body: MetricsInputSchema,
  answer: MetricsSchema,
  status: [201],
} as const satisfies Endpoint;

export const deleteReport = {
  method: 'DELETE',
  path: '/api/admin/reports/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const uploadFile = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/files',
  access: 'staff',
  params: ClientIdParamSchema,
  query: FileUploadQuerySchema,
  body: { raw: ['*/*'] },
  answer: ClientFileSchema,
  status: [201],
} as const satisfies Endpoint;

export const deleteFile = {
  method: 'DELETE',
  path: '/api/admin/files/:id',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;
