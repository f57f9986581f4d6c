import {
  AbortBodySchema,
  CanaryStartSchema,
  CreateDeployTokenSchema,
  CreatedDeployTokenSchema,
  DeployTokensSchema,
  HistoryQuerySchema,
  ProvenanceBodySchema,
  ReleaseHistorySchema,
  ReleaseTargetSchema,
  RemoteParamsSchema,
  RemoteReleaseSchema,
  SealAnswerSchema,
  ShareBodySchema,
  TokenIdParamsSchema,
  UploadDeclarationSchema,
  UploadFileParamsSchema,
  UploadParamsSchema,
  UploadPlanSchema,
} from '../schemas/deploy';
import type { Endpoint } from './endpoint';

// The release API a pipeline calls with its deploy token (decision 0059), and the Releases tab's actions and
// tokens (master admins). The tab's actions are endpoints of their own, apart from the pipeline's, so the step-up
// of a fresh second factor can guard them alone.

const pipeline = { access: 'deploy-token', params: RemoteParamsSchema, answer: RemoteReleaseSchema } as const;

export const releaseState = { ...pipeline, method: 'GET', path: '/api/releases/:remote' } as const satisfies Endpoint;

export const releaseUpload = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/uploads',
  body: UploadDeclarationSchema,
  answer: UploadPlanSchema,
} as const satisfies Endpoint;

export const releaseUploadFile = {
  ...pipeline,
  method: 'PUT',
  path: '/api/releases/:remote/uploads/:version/files/:sha256',
  params: UploadFileParamsSchema,
  body: { raw: ['application/octet-stream'] },
  answer: 'no-content',
} as const satisfies Endpoint;

export const releaseSeal = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/uploads/:version/seal',
  params: UploadParamsSchema,
  body: ProvenanceBodySchema,
  answer: SealAnswerSchema,
} as const satisfies Endpoint;

export const releaseLive = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/live',
  body: ReleaseTargetSchema,
} as const satisfies Endpoint;

export const releaseCanary = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/canary',
  body: CanaryStartSchema,
} as const satisfies Endpoint;

export const releasePromote = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/promote',
  body: ProvenanceBodySchema,
} as const satisfies Endpoint;

export const releaseAbort = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/abort',
  body: AbortBodySchema,
} as const satisfies Endpoint;

export const releaseRollback = {
  ...pipeline,
  method: 'POST',
  path: '/api/releases/:remote/rollback',
  body: ProvenanceBodySchema,
} as const satisfies Endpoint;

// The Releases tab (master admins, with a second factor of the last 15 minutes: step-up, decision 0061).

const staff = {
  access: 'master-admin',
  stepUp: true,
  params: RemoteParamsSchema,
  answer: RemoteReleaseSchema,
} as const;

export const adminReleasePromote = {
  ...staff,
  method: 'POST',
  path: '/api/admin/releases/:remote/promote',
} as const satisfies Endpoint;

export const adminReleaseAbort = {
  ...staff,
  method: 'POST',
  path: '/api/admin/releases/:remote/abort',
  body: AbortBodySchema,
} as const satisfies Endpoint;

export const adminReleaseShare = {
  ...staff,
  method: 'PUT',
  path: '/api/admin/releases/:remote/canary-share',
  body: ShareBodySchema,
} as const satisfies Endpoint;

export const adminReleaseRollback = {
  ...staff,
  method: 'POST',
  path: '/api/admin/releases/:remote/rollback',
} as const satisfies Endpoint;

export const adminReleaseHistory = {
  method: 'GET',
  path: '/api/admin/releases/:remote/history',
  access: 'master-admin',
  params: RemoteParamsSchema,
  query: HistoryQuerySchema,
  answer: ReleaseHistorySchema,
} as const satisfies Endpoint;

export const adminDeployTokens = {
  method: 'GET',
  path: '/api/admin/deploy-tokens',
  access: 'master-admin',
  answer: DeployTokensSchema,
} as const satisfies Endpoint;

export const adminDeployTokenCreate = {
  method: 'POST',
  path: '/api/admin/deploy-tokens',
  access: 'master-admin',
  stepUp: true,
  body: CreateDeployTokenSchema,
  answer: CreatedDeployTokenSchema,
  status: [201],
} as const satisfies Endpoint;

export const adminDeployTokenRevoke = {
  method: 'DELETE',
  path: '/api/admin/deploy-tokens/:id',
  access: 'master-admin',
  stepUp: true,
  params: TokenIdParamsSchema,
  answer: 'no-content',
} as const satisfies Endpoint;
