import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@agency/contracts/router';
import { createSessionStore, readPublicConfig, routes, type HostApi, type RemotePageProps } from '@agency/contracts';

/** Stand-in for the shell when this remote runs on its own dev server. */
const standaloneHost: HostApi = {
  config: readPublicConfig(document),
  toast: (t) => console.info('[toast]', t.title, t.description ?? ''),
  track: (e) => console.info('[track]', e.name, e.params ?? {}),
  loadRemote: (id) => Promise.reject(new Error(`${id} is only available inside the shell`)),
  session: createSessionStore(),
};

// Every exposed page at its route, so the remote can be worked on without the shell.
const pageFor = (module: string) =>
  lazy(() => import(`./exposed/${module}.tsx`) as Promise<{ default: ComponentType<RemotePageProps> }>);
const ownRoutes = routes.filter((r) => r.owner === 'account');

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Suspense fallback={<p>Loading...</p>}>
        <Routes>
          {ownRoutes.map((r) => {
            const Page = pageFor(r.module);
            return <Route key={r.path} path={r.path} element={<Page host={standaloneHost} />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
