import type { ApiDeps } from '../../platform/http/deps';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { trackingApi } from './tracking-api';

/** The tracking area's part of the API (decision 0095): the consent count and the staff's Tracking summary. */
export function trackingArea(deps: ApiDeps, limiter: RateLimiter) {
  return trackingApi(deps, limiter);
}
