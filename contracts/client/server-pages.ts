import type { RemoteName } from '../src/remotes';
import { routes } from '../src/routes';
import type { RemoteServerBuild } from '../src/server-render';

declare let __webpack_public_path__: string;
declare global {
  interface ImportMeta {
    /** Rspack's build-time directory import (a remote's server entry lists its exposed pages with it). */
    webpackContext(
      dir: string,
      options: { recursive: boolean; regExp: RegExp },
    ): ((key: string) => { default: unknown }) & { keys(): string[] };
  }
}

/**
 * The `pages` export of a remote's server build (decision 0013): every public route the route table gives the
 * remote, by its `module` name (a page behind a role is never rendered on the server, so it is not bundled there), the same modules its federation config exposes. `exposed` is the remote's own
 * `import.meta.webpackContext('./exposed', …)`, so its pages are bundled into its server build. Pages are
 * evaluated after the public path is set, so their asset URLs point at the browser build.
 */
export function remoteServerPages(
  owner: RemoteName,
  exposed: (key: string) => { default: unknown },
): RemoteServerBuild['pages'] {
  return (publicPath) => {
    __webpack_public_path__ = publicPath;
    const names = routes.filter((r) => r.owner === owner && !('roles' in r)).map((r) => r.module);
    return Object.fromEntries(names.map((name) => [name, exposed(`./${name}.tsx`).default]));
  };
}
