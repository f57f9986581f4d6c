import { remoteServerPages } from '@agency/contracts/client';

// The same modules module-federation.config.ts exposes: one per route this remote owns.
export const pages = remoteServerPages(
  'quoting',
  import.meta.webpackContext('./exposed', { recursive: false, regExp: /-page\.tsx$/ }),
);
