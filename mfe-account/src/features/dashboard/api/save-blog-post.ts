import { BlogPostSchema, type BlogPostInput } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';
import { BLOG_POSTS_PATH } from './get-blog-posts';

/** Adds a post, or replaces the one with `id` (PUT is a full replacement); answers the stored post. */
export const saveBlogPost = ({ id, post }: { id?: number; post: BlogPostInput }) =>
  id === undefined
    ? http.post(BLOG_POSTS_PATH, post, { schema: BlogPostSchema })
    : http.put(`${BLOG_POSTS_PATH}/${id}`, post, { schema: BlogPostSchema });

export const useSaveBlogPost = () => useInvalidatingMutation(saveBlogPost, ['content']);
