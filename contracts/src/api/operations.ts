import { z } from 'zod';
import { REMOTE_LOAD_FAILURE_PATH, RUM_PATH } from '../releases';
import { ReleasesSchema, RemoteLoadFailureSchema, RumBatchSchema } from '../schemas/releases';
import type { Endpoint } from './endpoint';

// What the shell reports from visitors' browsers, what master admins read about releases, and this table itself.

export const releases = {
  method: 'GET',
  path: '/api/admin/releases',
  access: 'master-admin',
  answer: ReleasesSchema,
} as const satisfies Endpoint;

export const remoteLoadFailure = {
  method: 'POST',
  path: REMOTE_LOAD_FAILURE_PATH,
  access: 'anyone',
  body: RemoteLoadFailureSchema,
  answer: 'no-content',
} as const satisfies Endpoint;

export const rumBeacon = {
  method: 'POST',
  path: RUM_PATH,
  access: 'anyone',
  body: RumBatchSchema,
  answer: 'no-content',
} as const satisfies Endpoint;

export const openApi = {
  method: 'GET',
  path: '/api/openapi.json',
  access: 'anyone',
  answer: /* @__PURE__ */ z.looseObject({
    openapi: /* @__PURE__ */ z.string(),
    paths: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  }),
} as const satisfies Endpoint;
