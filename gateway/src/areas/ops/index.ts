// What the rest of the gateway may use of the ops area (decision 0092); written by scripts/gateway-areas.mjs.
export { opsArea } from './area';
export { backupSite } from './backup';
export { openBackupLocation } from './backup-location';
export { copyLines, migrateStore, migrationText } from './copy-stores';
export { health } from './health';
export { housekeeping, HOUSEKEEPING_EVERY_MS } from './housekeeping';
export { createMetrics, GATEWAY_VERSION, type Metrics, metricsEndpoint, nameRoute, telemetryApi } from './metrics';
export { readiness } from './readiness';
export { requestTrace, requestTraceId } from './request-trace';
export { restoreSite } from './restore';
