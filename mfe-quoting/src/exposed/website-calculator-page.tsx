import { WebsiteCalculatorPage } from '../features/website-calculator/website-calculator-page';
import { withHost } from './with-host';

export default withHost(WebsiteCalculatorPage);
