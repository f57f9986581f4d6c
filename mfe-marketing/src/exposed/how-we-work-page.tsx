import { HowWeWorkPage } from '../features/how-we-work/how-we-work-page';
import { withHost } from './with-host';

export default withHost(HowWeWorkPage);
