// What the rest of the gateway may use of the quotes area (decision 0092); written by scripts/gateway-areas.mjs.
export { quotesArea } from './area';
