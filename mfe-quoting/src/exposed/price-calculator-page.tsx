import { PriceCalculatorPage } from '../features/price-calculator/price-calculator-page';
import { withHost } from './with-host';

export default withHost(PriceCalculatorPage);
