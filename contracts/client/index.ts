/**
 * `@agency/contracts/client`: browser runtime shared by the shell and the remotes (decision 0028). It may use
 * the DOM, React and zustand, and builds on the pure `@agency/contracts`; it never imports build tooling or
 * Node modules. Routing has its own entry, `@agency/contracts/router`, because federation shares that module.
 */
export * from './host';
export * from './host-context';
export * from './http';
export * from './mount-standalone';
export * from './public-config';
export * from './server-pages';
export * from './session-store';
export * from './trace';
export * from './use-search-param';
export * from './use-session';
