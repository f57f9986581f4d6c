// What the rest of the gateway may use of the privacy area (decision 0092); written by scripts/gateway-areas.mjs.
export { privacyApi } from './privacy';
export { privacyAdminApi } from './privacy-admin';
export { privacyCopiesApi } from './privacy-copies';
