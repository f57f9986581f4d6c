import { HomePage } from '../features/home/home-page';
import { withHost } from './with-host';

export default withHost(HomePage);
