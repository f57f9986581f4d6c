import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageTraceId } from '@agency/contracts/client';
import { App, createAppRouter } from './app';
import { startWebVitals } from './features/rum/web-vitals';
import { initRemotes, versionOf } from './federation/remotes';
import { markCodeArrived } from './layout/early-click';
import { yieldToMain } from './yield-to-main';
import './styles.css';

// An early click's age is counted to this moment (decision 0016).
markCodeArrived();

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

// This page load's trace starts here (decision 0088): its API calls and beacons carry it to the gateway.
pageTraceId();

// Register the remotes first so the first route can load its page straight away. Server-rendered markup (the
// gateway renders public pages, decision 0013) is hydrated: the remote page's HTML stays as it is until its code
// arrives. The router is created, and the first render started, each in a task of its own; the render is a
// transition, so React works in slices and leaves the main thread free for input between them.
void initRemotes()
  .then(yieldToMain)
  .then(() => {
    const router = createAppRouter();
    return yieldToMain().then(() => router);
  })
  .then((router) => {
    const app = (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    );
    startTransition(() => {
      if (root.firstElementChild) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  })
  // Measuring waits until the page is up and the browser idle: it must never compete with the page's own start.
  .then(() => whenIdle(() => void startWebVitals(versionOf).catch(() => undefined)));

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}
