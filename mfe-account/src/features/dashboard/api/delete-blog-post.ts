import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';
import { BLOG_POSTS_PATH } from './get-blog-posts';

export const deleteBlogPost = (id: number) => http.delete(`${BLOG_POSTS_PATH}/${id}`);

export const useDeleteBlogPost = () => useInvalidatingMutation(deleteBlogPost, ['content']);
