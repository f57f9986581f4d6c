// Before any remote's zod runs: no eval probe under the site's CSP.
import './zod-jitless';

import { yieldToMain } from './yield-to-main';

// Async boundary: lets the federation runtime negotiate shared modules (React etc.) before any of them runs. It starts
// in a task of its own, after the one that evaluated this bundle and the federation runtime. React DOM, the largest
// module, is evaluated in a task of its own too, before the shell's modules; its files are preloaded with the page
// (build/preload-startup-chunks.ts), so importing it first does not delay fetching the rest.
void yieldToMain()
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('./bootstrap'));
