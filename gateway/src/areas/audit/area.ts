import { Hono } from 'hono';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { auditApi } from './audit';

/** The audit area's part of the API: the trail's reader for staff. */
export function auditArea(deps: ApiDeps) {
  return new Hono<AuthEnv>().route('/', auditApi(deps));
}
