import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createSessionStore, readPublicConfig, type HostApi } from '@agency/contracts';
import HomePage from './pages/home/home-page';

/** Stand-in for the shell when this remote runs on its own dev server. */
const standaloneHost: HostApi = {
  config: readPublicConfig(document),
  toast: (t) => console.info('[toast]', t.title, t.description ?? ''),
  track: (e) => console.info('[track]', e.name, e.params ?? {}),
  loadRemote: (id) => Promise.reject(new Error(`${id} is only available inside the shell`)),
  session: createSessionStore(),
};

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <HomePage host={standaloneHost} />
    </BrowserRouter>
  </StrictMode>,
);
