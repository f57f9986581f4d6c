import path from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import type { RemoteName } from '../src/remotes';
import { routes, type RouteDef } from '../src/routes';

/*
 * A remote's pages come from one map, its `src/pages.ts` (decision 0112): one re-export per page, named by the module
 * name its record gives it (`export { HomePage as 'home-page' } from './features/home/home-page'`). The build makes
 * from it each page's exposed module, the server build's `pages()` and the stand-alone page: small generated modules
 * (virtual, never on disk) under `src/.pages/`, each importing its one page from the map. The map holds nothing but
 * re-exports, so Rspack's side-effects optimisation takes each page's import straight to the page's own module: a
 * page's chunk holds that page only, as the hand-written wrapper files it replaces did. `pageModuleSources` shows
 * what is generated.
 */

/** Where the generated page modules live, inside the remote's folder. */
export const PAGE_MODULES_DIR = 'src/.pages';

const table: readonly RouteDef[] = routes;

/** The module names the route table gives a remote's pages; `publicOnly` leaves out pages behind a role. */
export const pageModuleNames = (remote: RemoteName, { publicOnly = false } = {}): string[] => [
  ...new Set(table.filter((r) => r.owner === remote && !(publicOnly && r.roles)).map((r) => r.module)),
];

const name = (module: string) => JSON.stringify(module);

/** The exposed module of one page: its component from the map, in the remote's `withHost` (src/with-host.ts). */
const exposedSource = (module: string) =>
  [
    `import { ${name(module)} as Page } from '../pages';`,
    `import { withHost } from '../with-host';`,
    `export default withHost(Page);`,
    '',
  ].join('\n');

/**
 * The server build's entry: `pages(publicPath)` of every public page (a page behind a role renders in the browser
 * only, so it is not bundled here). Each page module is required only once the public path is set, so asset URLs
 * in the HTML are the browser build's.
 */
const serverSource = (remote: RemoteName) =>
  [
    `import { remoteServerPages } from '@agency/contracts/client';`,
    `export const pages = remoteServerPages({`,
    ...pageModuleNames(remote, { publicOnly: true }).map((m) => `  ${name(m)}: () => require('./${m}.js'),`),
    `});`,
    '',
  ].join('\n');

/** A file of the remote's folder (`./src/...`) as an import from the generated modules' folder. */
const relativeTo = (file: string) => {
  const relative = path.posix.relative(PAGE_MODULES_DIR, file);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/**
 * The remote's stand-alone page (its own dev server, without the shell): every page at its route. It can load every
 * module the remote exposes (`exposes`: the generated page modules, and modules that are not pages), each as its own
 * chunk, as the shell does.
 */
const standaloneSource = (remote: RemoteName, exposes: Record<string, string>) =>
  [
    `import { mountStandalone } from '@agency/contracts/client';`,
    `const exposed = {`,
    ...Object.entries(exposes).map(
      ([key, file]) => `  ${name(key.slice(2))}: () => import(${name(relativeTo(file))}),`,
    ),
    `};`,
    `mountStandalone(${name(remote)}, (module) => exposed[module]());`,
    '',
  ].join('\n');

/**
 * The generated modules' sources, by path inside the remote's folder; `exposes` is the remote's federation
 * `exposes` (its pages' and any others).
 */
export function pageModuleSources(
  remote: RemoteName,
  exposes: Record<string, string> = pageExposes(remote),
): Record<string, string> {
  return {
    ...Object.fromEntries(pageModuleNames(remote).map((m) => [`${PAGE_MODULES_DIR}/${m}.js`, exposedSource(m)])),
    [`${PAGE_MODULES_DIR}/server.js`]: serverSource(remote),
    // The browser build's entry is an async boundary: shared modules are negotiated before the stand-alone page runs.
    [`${PAGE_MODULES_DIR}/index.js`]: `void import('./standalone.js');\n`,
    [`${PAGE_MODULES_DIR}/standalone.js`]: standaloneSource(remote, exposes),
  };
}

/** The browser build's entry (the stand-alone page, see `standaloneSource`). */
export const BROWSER_ENTRY = `./${PAGE_MODULES_DIR}/index.js`;

/** The federation `exposes` of a remote's pages: `./<module>` -> its generated module. */
export const pageExposes = (remote: RemoteName): Record<string, string> =>
  Object.fromEntries(pageModuleNames(remote).map((m) => [`./${m}`, `./${PAGE_MODULES_DIR}/${m}.js`]));

/** The server build's entry (see `serverSource`). */
export const SERVER_PAGES_ENTRY = `./${PAGE_MODULES_DIR}/server.js`;

/** Puts the generated modules of a remote's pages into a build (browser or server). */
export const pageModules = (
  context: string,
  remote: RemoteName,
  exposes: Record<string, string> = pageExposes(remote),
): RspackPluginInstance =>
  new rspack.experiments.VirtualModulesPlugin(
    Object.fromEntries(
      Object.entries(pageModuleSources(remote, exposes)).map(([file, source]) => [path.join(context, file), source]),
    ),
  );

/**
 * The map itself: declared free of side effects, so an import of one page through it goes straight to that page's
 * module and the map adds no other page to its chunk (the map holds re-exports only, see above).
 */
export const pagesMapRule = { test: /[\\/]src[\\/]pages\.ts$/, sideEffects: false };

/**
 * The generated modules mix `import` and `require` (the server entry's lazy pages): parsed as either, and their
 * imports resolve as the remote's TypeScript sources' do (without extensions).
 */
export const pageModulesRule = {
  test: /[\\/]src[\\/]\.pages[\\/][^\\/]+\.js$/,
  type: 'javascript/auto' as const,
  resolve: { fullySpecified: false },
};
