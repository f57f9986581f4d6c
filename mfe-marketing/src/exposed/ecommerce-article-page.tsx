import { EcommerceArticlePage } from '../features/articles/ecommerce-article-page';
import { withHost } from './with-host';

export default withHost(EcommerceArticlePage);
