import { GbpArticlePage } from '../features/articles/gbp-article-page';
import { withHost } from './with-host';

export default withHost(GbpArticlePage);
