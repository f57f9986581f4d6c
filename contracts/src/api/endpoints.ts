/**
 * The endpoint table (decision 0054): one entry per endpoint of the gateway's API, imported as `endpoints` from
 * `@agency/contracts`. The gateway registers each route from its entry and the browser calls it through the entry;
 * a test checks the gateway serves exactly these. Only entries are exported here, so the table is this module's
 * namespace. Entries are plain objects, in modules by who calls them, so a page's chunk holds the entries it calls.
 */
export * from './accounts';
export * from './lead-forms';
export * from './quotes';
export * from './lead-inbox';
export * from './portal';
export * from './portal-admin';
export * from './public-content';
export * from './content-admin';
export * from './operations';
export * from './privacy';
export * from './releases';
export * from './real-talk-audio';
export * from './security';
export * from './audit';
export * from './report-sharing';
export * from './google-data';
export * from './google-figures';
export * from './report-emails';
export * from './tracking';
