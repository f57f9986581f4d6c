import { ThankYouPage } from '../features/real-talk/thank-you-page';
import { withHost } from './with-host';

export default withHost(ThankYouPage);
