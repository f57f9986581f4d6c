import { BlogPostPage } from '../features/blog/blog-post-page';
import { withHost } from './with-host';

export default withHost(BlogPostPage);
