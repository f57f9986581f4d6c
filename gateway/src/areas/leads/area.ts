import { Hono } from 'hono';
import type { GroupCommit } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { adminLeadsApi } from './admin-leads';
import { leadCapture, type CaptureDeps } from './capture-lead';
import { leadsApi } from './leads';
import { leadNotices } from './notices';
import { realTalkAudioApi } from './real-talk-audio';

/** What the forms of every area that takes a lead (leads, quotes, privacy) capture it with. */
export function captureDeps(deps: ApiDeps, group: GroupCommit, limiter: RateLimiter): CaptureDeps {
  return { ...deps, captureLead: leadCapture(group, deps.mailer, leadNotices(deps)), limiter, group };
}

/**
 * The leads area's part of the API: the public forms, the staff inbox and export, and the Real Talk audio (whose
 * upload route takes its raw body by its entry in the endpoint table, wherever it is mounted: decision 0092).
 */
export function leadsArea(capture: CaptureDeps) {
  return new Hono<AuthEnv>()
    .route('/', leadsApi(capture))
    .route('/', adminLeadsApi(capture))
    .route('/', realTalkAudioApi(capture));
}
