// What the rest of the gateway may use of the portal area (decision 0092); written by scripts/gateway-areas.mjs.
export { portalArea } from './area';
export { receive } from './files';
export { reportPdfs, type ReportPdfs } from './report-pdfs';
export { sharedReportPages } from './shared-report-page';
export { REPORT_SCHEDULE_EVERY_MS, reportSchedulesJob } from './report-schedules';
