import { ClientAccountSchema } from '../schemas/auth';
import { MessageSchema, pageOf } from '../schemas/common';
import {
  ClientFileSchema,
  LatestMetricsSchema,
  MetricsInputSchema,
  MetricsSchema,
  MonthlyReportInputSchema,
  MonthlyReportSchema,
} from '../schemas/entities';
import {
  ClientIdParamSchema,
  ClientPageQuerySchema,
  ClientScopeQuerySchema,
  FileUploadQuerySchema,
  IdParamSchema,
  PageQuerySchema,
} from '../schemas/queries';
import type { Endpoint } from './endpoint';

// The client portal: a client reads their own reports, metrics and files; staff name the client (`clientId`) and
// write them. A client naming another client's data gets 404.

export const reports = {
  method: 'GET',
  path: '/api/reports',
  summary: "A page of a client's monthly reports, newest first.",
  access: 'signed-in',
  query: ClientPageQuerySchema,
  answer: /* @__PURE__ */ pageOf(MonthlyReportSchema),
} as const satisfies Endpoint;

export const latestMetrics = {
  method: 'GET',
  path: '/api/metrics/latest',
  summary: "A client's newest headline figures per channel.",
  access: 'signed-in',
  query: ClientScopeQuerySchema,
  answer: LatestMetricsSchema,
} as const satisfies Endpoint;

export const adminClients = {
  method: 'GET',
  path: '/api/admin/clients',
  summary: 'A page of client accounts, by name.',
  access: 'staff',
  query: PageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ClientAccountSchema),
} as const satisfies Endpoint;

export const saveReport = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/reports',
  summary: "Saves a client's report for a month (200 when the month had one, which it replaces; 201 when new).",
  access: 'staff',
  params: ClientIdParamSchema,
  body: MonthlyReportInputSchema,
  answer: MonthlyReportSchema,
  status: [200, 201],
} as const satisfies Endpoint;

export const saveMetrics = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/metrics',
  summary: "Records a client's latest headline figures.",
  access: 'staff',
  params: ClientIdParamSchema,
  body: MetricsInputSchema,
  answer: MetricsSchema,
  status: [201],
} as const satisfies Endpoint;

export const deleteReport = {
  method: 'DELETE',
  path: '/api/admin/reports/:id',
  summary: 'Deletes a monthly report.',
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;

export const files = {
  method: 'GET',
  path: '/api/files',
  summary: "A page of a client's files, newest first.",
  access: 'signed-in',
  query: ClientPageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ClientFileSchema),
} as const satisfies Endpoint;

export const uploadFile = {
  method: 'POST',
  path: '/api/admin/clients/:clientId/files',
  summary: "Puts a file in a client's files: the body is the file itself; its type is read from its bytes.",
  access: 'staff',
  params: ClientIdParamSchema,
  query: FileUploadQuerySchema,
  body: { raw: ['*/*'] },
  answer: ClientFileSchema,
  status: [201],
} as const satisfies Endpoint;

export const downloadFile = {
  method: 'GET',
  path: '/api/files/:id/download',
  summary: "A file, as an attachment (a client's own only).",
  access: 'signed-in',
  params: IdParamSchema,
  answer: { file: '*/*' },
} as const satisfies Endpoint;

export const deleteFile = {
  method: 'DELETE',
  path: '/api/admin/files/:id',
  summary: "Deletes a client's file.",
  access: 'staff',
  params: IdParamSchema,
  answer: MessageSchema,
} as const satisfies Endpoint;
