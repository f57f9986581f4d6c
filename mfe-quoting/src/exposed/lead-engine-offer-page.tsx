import { LeadEngineOfferPage } from '../features/lead-engine-offer/lead-engine-offer-page';
import { withHost } from './with-host';

export default withHost(LeadEngineOfferPage);
