import { ServicesPage } from '../features/services/services-page';
import { withHost } from './with-host';

export default withHost(ServicesPage);
