import { StrictMode, Suspense, lazy } from 'react';
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

const pages = routes
  .filter((r) => r.owner === 'marketing')
  .map((r) => ({
    path: r.path,
    Page: lazy<React.ComponentType<RemotePageProps>>(() => import(`./exposed/${r.module}.tsx`)),
  }));

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Suspense fallback={<p>Loading...</p>}>
        <Routes>
          {pages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page host={standaloneHost} />} />
          ))}
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
