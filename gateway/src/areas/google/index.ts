// What the rest of the gateway may use of the google area (decision 0092).
export { googleArea } from './area';
export { grantRevoker, type GrantRevoker } from './connections';
export { GOOGLE_SCOPES, oauthClient } from './oauth-client';
export { tokenSealer, type TokenSealer } from './sealing';
export { startBackfill } from './backfill';
export { googleFiguresApi } from './figures-api';
export { FETCH_EVERY_MS, nightlyFigures, type NightlyFigures } from './nightly';
export { draftMonth, type DraftOutcome } from './draft-month';
export { reportDrafts, REPORT_DRAFTS_EVERY_MS } from './draft-job';
