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
