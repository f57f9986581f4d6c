import { OptInPage } from '../features/real-talk/opt-in-page';
import { withHost } from './with-host';

export default withHost(OptInPage);
