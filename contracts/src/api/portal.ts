import { pageOf } from '../schemas/common';
import { ClientFileSchema, LatestMetricsSchema, ListedReportSchema } from '../schemas/entities';
import { ClientPageQuerySchema, ClientScopeQuerySchema, IdParamSchema } from '../schemas/queries';
import type { Endpoint } from './endpoint';

// The client portal: a client reads their own reports, metrics and files; staff name the client (`clientId`). A client
// naming another client's data gets 404.

export const reports = {
  method: 'GET',
  path: '/api/reports',
  access: 'signed-in',
  query: ClientPageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ListedReportSchema),
} as const satisfies Endpoint;

export const latestMetrics = {
  method: 'GET',
  path: '/api/metrics/latest',
  access: 'signed-in',
  query: ClientScopeQuerySchema,
  answer: LatestMetricsSchema,
} as const satisfies Endpoint;

export const files = {
  method: 'GET',
  path: '/api/files',
  access: 'signed-in',
  query: ClientPageQuerySchema,
  answer: /* @__PURE__ */ pageOf(ClientFileSchema),
} as const satisfies Endpoint;

export const downloadFile = {
  method: 'GET',
  path: '/api/files/:id/download',
  access: 'signed-in',
  params: IdParamSchema,
  answer: { file: '*/*' },
} as const satisfies Endpoint;
