import { BlogPage } from '../features/blog/blog-page';
import { withHost } from './with-host';

export default withHost(BlogPage);
