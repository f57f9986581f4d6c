// What the rest of the gateway may use of the privacy area (decision 0092); written by scripts/gateway-areas.mjs.
export { privacyArea } from './area';
