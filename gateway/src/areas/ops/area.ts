import { Hono } from 'hono';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { outboxAdminApi } from './outbox-admin';

/**
 * The ops area's part of the API: the outbox's dead letters for staff, and the browsers' reports of failed remote
 * loads (metrics.ts's telemetryApi, limited per address on its own route), built by the app from its metrics.
 */
export function opsArea(deps: ApiDeps, telemetry?: Hono<AuthEnv>) {
  const area = new Hono<AuthEnv>().route('/', outboxAdminApi(deps));
  return telemetry ? area.route('/', telemetry) : area;
}
