import { ResetPasswordPage } from '../features/reset-password/reset-password-page';
import { withHost } from './with-host';

export default withHost(ResetPasswordPage);
