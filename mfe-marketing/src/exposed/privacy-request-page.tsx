import { PrivacyRequestPage } from '../features/privacy/privacy-request-page';
import { withHost } from './with-host';

export default withHost(PrivacyRequestPage);
