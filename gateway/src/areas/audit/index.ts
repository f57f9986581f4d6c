// What the rest of the gateway may use of the audit area (decision 0092); written by scripts/gateway-areas.mjs.
export { auditArea } from './area';
