import { GbpOptimisationPage } from '../features/services/gbp-optimisation-page';
import { withHost } from './with-host';

export default withHost(GbpOptimisationPage);
