/**
 * The endpoint table (decision 0054): one entry per endpoint of the gateway's API, imported as `endpoints` from
 * `@agency/contracts`. The gateway registers each route from its entry and the browser calls it through the entry;
 * a test checks the gateway serves exactly these. Only entries are exported here, so the table is this module's
 * namespace.
 */
export * from './accounts';
export * from './leads';
export * from './portal';
export * from './content';
export * from './operations';
