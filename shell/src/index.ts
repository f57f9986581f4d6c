// Before any remote's zod runs: no eval probe under the site's CSP.
import './zod-jitless';

import { yieldToMain } from './yield-to-main';

// Async boundary: lets the federation runtime negotiate shared modules (React etc.) before any of them runs. It starts
// in a task of its own, after the one that evaluated this bundle and the federation runtime.
void yieldToMain().then(() => import('./bootstrap'));
