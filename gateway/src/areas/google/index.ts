// What the rest of the gateway may use of the google area (decision 0092).
export { GOOGLE_SCOPES, oauthClient } from './oauth-client';
export { tokenSealer, type TokenSealer } from './sealing';
export { draftMonth, type DraftOutcome } from './draft-month';
export { reportDrafts, REPORT_DRAFTS_EVERY_MS } from './draft-job';
