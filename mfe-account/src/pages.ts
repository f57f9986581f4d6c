/**
 * The account remote's pages, by the module name their records give them (contracts/src/pages/, decision 0112).
 * The build exposes each one to the shell and renders the public ones on the server from this map alone
 * (`@agency/contracts/build` page-modules.ts). Re-exports only: anything else here would put every page in every
 * page's chunk. A new page is its record in contracts and one line here.
 */
export { AuthPage as 'auth-page' } from './features/auth/auth-page';
export { DashboardPage as 'dashboard-page' } from './features/dashboard/dashboard-page';
export { ResetPasswordPage as 'reset-password-page' } from './features/reset-password/reset-password-page';
