// What the rest of the gateway may use of the leads area (decision 0092); written by scripts/gateway-areas.mjs.
export { adminLeadsApi } from './admin-leads';
export { type CaptureLead, leadCapture } from './capture-lead';
export { confirmationGate } from './confirmations';
export { accountTraces } from './erase';
export { backfillFollowUp } from './follow-up-backfill';
export { onTimeShare } from './follow-up-on-time';
export { leadReminders } from './follow-up-reminders';
export { leadCsvColumns } from './lead-csv';
export { LEAD_TABLES } from './lead-tables';
export { leadLimit, leadsApi } from './leads';
export { leadNotices } from './notices';
export { isRealTalkAudio, realTalkAudioApi } from './real-talk-audio';
export { retention } from './retention';
export { suppressionHash, unsubscribes } from './unsubscribe';
export { unsubscribePage } from './unsubscribe-page';
