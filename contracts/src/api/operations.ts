import { z } from 'zod';
import { REMOTE_LOAD_FAILURE_PATH, RUM_PATH } from '../releases';
import { ReleasesSchema, RemoteLoadFailureSchema, RumBatchSchema } from '../schemas/releases';
import type { Endpoint } from './endpoint';

// What the shell reports from visitors' browsers, what master admins read about releases, and this table itself.

export const releases = {
  method: 'GET',
  path: '/api/admin/releases',
  summary: 'Live and canary of each remote with their real-user figures, and the automatic abort rule.',
  access: 'master-admin',
  answer: ReleasesSchema,
} as const satisfies Endpoint;

export const remoteLoadFailure = {
  method: 'POST',
  path: REMOTE_LOAD_FAILURE_PATH,
  summary: 'A remote the shell could not load: counted in /metrics, never stored (30 per client address an hour).',
  access: 'anyone',
  body: RemoteLoadFailureSchema,
  answer: 'no-content',
} as const satisfies Endpoint;

export const rumBeacon = {
  method: 'POST',
  path: RUM_PATH,
  summary:
    "Real-user measurements of a page load; counted only with the page's valid token, bucket cookie and versions.",
  access: 'anyone',
  body: RumBatchSchema,
  answer: 'no-content',
} as const satisfies Endpoint;

export const openApi = {
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the endpoint table.',
  access: 'anyone',
  answer: /* @__PURE__ */ z.looseObject({
    openapi: /* @__PURE__ */ z.string(),
    paths: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  }),
} as const satisfies Endpoint;
