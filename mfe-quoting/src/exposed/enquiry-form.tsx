/** Exposed for the marketing home page: `host.loadRemote('quoting/enquiry-form')`. */
import { EnquiryForm } from '../features/enquiry-form/enquiry-form';
import { withHost } from '../with-host';

export default withHost(EnquiryForm);
