import { DashboardPage } from '../features/dashboard/dashboard-page';
import { withHost } from './with-host';

export default withHost(DashboardPage);
