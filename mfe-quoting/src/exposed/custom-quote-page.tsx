import { CustomQuotePage } from '../features/custom-quote/custom-quote-page';
import { withHost } from './with-host';

export default withHost(CustomQuotePage);
