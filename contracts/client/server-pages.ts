import type { RemoteServerBuild } from '../src/server-render';

declare let __webpack_public_path__: string;

/**
 * The `pages` export of a remote's server build (decision 0013): every public page the route table gives the remote,
 * by its `module` name (a page behind a role is never rendered on the server, so it is not bundled there), the same
 * modules its federation config exposes. The build generates the call from the remote's `src/pages.ts`
 * (contracts/build page-modules.ts), with a loader per page; pages are loaded after the public path is set, so their
 * asset URLs point at the browser build.
 */
export function remoteServerPages(pages: Record<string, () => { default: unknown }>): RemoteServerBuild['pages'] {
  return (publicPath) => {
    __webpack_public_path__ = publicPath;
    return Object.fromEntries(Object.entries(pages).map(([name, load]) => [name, load().default]));
  };
}
