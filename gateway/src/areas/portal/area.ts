import { Hono } from 'hono';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { filesApi, fileUploadApi } from './files';
import { portalApi } from './portal';
import { reportPdfs, type ReportPdfs } from './report-pdfs';
import { reportSharingApi } from './report-sharing';
import { reportDraftsApi } from './report-drafts';
import { reportEmailsApi } from './report-emails-api';
import type { RateLimiter } from '../../platform/http/rate-limit';

/**
 * The portal area's part of the API: a client's reports, messages and files, and a report's PDF, share links and e-mails. The upload takes its raw body by its entry in
 * the endpoint table, so it needs no place before the API's JSON rule (decision 0092).
 */
export function portalArea(deps: ApiDeps, limiter: RateLimiter, pdfs: ReportPdfs = reportPdfs(deps.env.nodeEnv)) {
  return new Hono<AuthEnv>()
    .route('/', fileUploadApi(deps))
    .route('/', portalApi(deps))
    .route('/', reportDraftsApi(deps))
    .route('/', filesApi(deps))
    .route('/', reportSharingApi(deps, pdfs))
    .route('/', reportEmailsApi(deps, pdfs, limiter));
}
