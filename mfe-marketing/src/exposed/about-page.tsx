import { AboutPage } from '../features/about/about-page';
import { withHost } from './with-host';

export default withHost(AboutPage);
