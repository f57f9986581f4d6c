import { Hono } from 'hono';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { connectApi } from './connect-api';
import { sourcesApi } from './sources-api';

/** The google area's part of the API (decision 0093): staff connect a client's Google data, choose its sources, disconnect. */
export function googleArea(deps: ApiDeps) {
  return new Hono<AuthEnv>().route('/', connectApi(deps)).route('/', sourcesApi(deps));
}
