import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@agency/contracts/router';
import type { RemoteName } from '../src/remotes';
import { routes } from '../src/routes';
import type { HostApi, RemotePageProps } from './host';
import { readPublicConfig } from './public-config';
import { createSessionStore } from './session-store';

type PageModule = { default: ComponentType<RemotePageProps> };

/**
 * A remote on its own dev server, without the shell: every page the route table gives it, at its route, with a
 * stand-in host that logs toasts and tracking. `load` gives the page of a module name, wrapped in the remote's
 * `withHost`, from the remote's own `import('./pages')` (its map of pages).
 */
export function mountStandalone(remote: RemoteName, load: (module: string) => Promise<PageModule>) {
  const host: HostApi = {
    config: readPublicConfig(document),
    toast: (t) => console.info('[toast]', t.title, t.description ?? ''),
    track: (e) => console.info('[track]', e.name, e.params ?? {}),
    loadRemote: (id) => Promise.reject(new Error(`${id} is only available inside the shell`)),
    session: createSessionStore(),
  };
  const pages = routes
    .filter((r) => r.owner === remote)
    .map((r) => ({ path: r.path, Page: lazy(() => load(r.module)) }));

  const root = document.getElementById('root');
  if (!root) throw new Error('#root element missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            {pages.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page host={host} />} />
            ))}
          </Routes>
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
}
