import { PrivacyPolicyPage } from '../features/privacy/privacy-policy-page';
import { withHost } from './with-host';

export default withHost(PrivacyPolicyPage);
