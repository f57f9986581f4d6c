import { DASHBOARD_PATH } from '../paths';
import { pageTitle, type PageRecord } from './page-record';

/** The signed-in dashboard; where in it a person is: paths.ts `dashboardPath`. */
export const dashboardPage = {
  route: {
    path: DASHBOARD_PATH,
    owner: 'account',
    module: 'dashboard-page',
    indexable: false,
    roles: ['client', 'admin', 'master_admin'],
    title: pageTitle('Dashboard'),
    description: 'Your client dashboard.',
    keywords: [],
  },
} as const satisfies PageRecord;
