import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { readPublicConfig, type HostApi } from '@agency/contracts';
import AuthPage from './pages/auth/auth-page';

/** Stand-in for the shell when this remote runs on its own dev server. */
const standaloneHost: HostApi = {
  config: readPublicConfig(document),
  toast: (t) => console.info('[toast]', t.title, t.description ?? ''),
  track: (e) => console.info('[track]', e.name, e.params ?? {}),
  loadRemote: (id) => Promise.reject(new Error(`${id} is only available inside the shell`)),
};

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AuthPage host={standaloneHost} />
    </BrowserRouter>
  </StrictMode>,
);
