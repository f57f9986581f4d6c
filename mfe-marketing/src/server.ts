import type { RemoteServerBuild } from '@agency/contracts';
import { routes } from '@agency/contracts/routes';

declare let __webpack_public_path__: string;
declare global {
  interface ImportMeta {
    webpackContext(dir: string, options: { recursive: boolean; regExp: RegExp }): ((key: string) => { default: unknown }) & { keys(): string[] };
  }
}

// The same modules module-federation.config.ts exposes: one per route this remote owns.
const exposed = import.meta.webpackContext('./exposed', { recursive: false, regExp: /-page\.tsx$/ });

/** Pages are evaluated after the public path is set, so their asset URLs point at the browser build. */
export const pages: RemoteServerBuild['pages'] = (publicPath) => {
  __webpack_public_path__ = publicPath;
  const names = routes.filter((r) => r.owner === 'marketing').map((r) => r.module);
  return Object.fromEntries(names.map((name) => [name, exposed(`./${name}.tsx`).default]));
};
