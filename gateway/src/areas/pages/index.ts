// What the rest of the gateway may use of the pages area (decision 0092); written by scripts/gateway-areas.mjs.
export { contentPages } from './content-pages';
export { frontends } from './frontends';
export { remoteFiles } from './remote-files';
export { START_AFTER_PAINT_SOURCE } from './start-after-paint';
