import { Hono } from 'hono';
import type { AuthEnv } from '../../platform/http/guards/session';
import type { CaptureDeps } from '../leads';
import { privacyApi } from './privacy';
import { privacyAdminApi } from './privacy-admin';
import { privacyCopiesApi } from './privacy-copies';

/** The privacy area's part of the API: requests, their answers by staff, and the copies of a person's data. */
export function privacyArea(capture: CaptureDeps) {
  return new Hono<AuthEnv>()
    .route('/', privacyApi(capture))
    .route('/', privacyAdminApi(capture))
    .route('/', privacyCopiesApi(capture));
}
