import { FaqPage } from '../features/faq/faq-page';
import { withHost } from './with-host';

export default withHost(FaqPage);
