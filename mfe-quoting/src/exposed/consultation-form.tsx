/** Exposed for the marketing service pages: `host.loadRemote('quoting/consultation-form')`. */
import { ConsultationForm } from '../features/consultation-form/consultation-form';
import { withHost } from '../with-host';

export default withHost(ConsultationForm);
