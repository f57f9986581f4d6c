/**
 * `@agency/contracts/build`: build tooling for the shell and the remotes (decision 0028), run by Node inside
 * Rspack configs. It builds on the pure `@agency/contracts` and is never bundled into an app.
 */
export * from './browser-build';
export * from './federation';
export { FederationRuntimeAsEsm } from './federation-runtime-esm';
export { ASSET_MODULE_FILENAME, swcRule } from './compile';
export { COMPILE_EAGERLY, compileEagerly } from './compile-hints';
export { productionBuild } from './production-build';
export { serverBuildConfig } from './server-build';
export { pageModuleNames, pageModules, pageModuleSources, PAGE_MODULES_DIR } from './page-modules';
export { scopeRemoteCss } from './scope-remote-css';
export { PATH_FREE_IDS, sortedFederationLists } from './reproducible';
