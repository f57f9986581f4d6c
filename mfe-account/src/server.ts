import { remoteServerPages } from '@agency/contracts/client';

// The public pages module-federation.config.ts exposes (sign-in, password reset); the dashboard is behind the
// session check and renders in the browser only, so it stays out of the server build.
export const pages = remoteServerPages(
  'account',
  import.meta.webpackContext('./exposed', { recursive: false, regExp: /(?:auth|reset-password)-page\.tsx$/ }),
);
