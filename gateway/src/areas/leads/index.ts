// What the rest of the gateway may use of the leads area (decision 0092); written by scripts/gateway-areas.mjs.
export { captureDeps, leadsArea } from './area';
export { type CaptureDeps } from './capture-lead';
export { confirmationGate } from './confirmations';
export { accountTraces } from './erase';
export { backfillFollowUp } from './follow-up-backfill';
export { onTimeShare } from './follow-up-on-time';
export { leadReminders } from './follow-up-reminders';
export { leadCsvColumns } from './lead-csv';
export { LEAD_TABLES } from './lead-tables';
export { leadLimit } from './leads';
export { isRealTalkAudio } from './real-talk-audio';
export { retention } from './retention';
export { suppressionHash, unsubscribes } from './unsubscribe';
export { unsubscribePage } from './unsubscribe-page';
