import { ServicePage } from '../features/services/service-page';
import { withHost } from './with-host';

export default withHost(() => <ServicePage slug="social-media-management" />);
