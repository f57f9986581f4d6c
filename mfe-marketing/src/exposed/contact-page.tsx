import { ContactPage } from '../features/contact/contact-page';
import { withHost } from './with-host';

export default withHost(ContactPage);
