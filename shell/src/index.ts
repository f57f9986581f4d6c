// Before any remote's zod runs: no eval probe under the site's CSP.
import './zod-jitless';

// Async boundary: lets the federation runtime negotiate shared modules (React etc.) before any of them runs.
void import('./bootstrap');
