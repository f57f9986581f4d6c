import { AuthPage } from '../features/auth/auth-page';
import { withHost } from './with-host';

export default withHost(AuthPage);
