import { endpoints, type BlogPostInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** Adds a post, or replaces the one with `id` (PUT is a full replacement); answers the stored post. */
export const saveBlogPost = ({ id, post }: { id?: number; post: BlogPostInput }) =>
  id === undefined
    ? call(endpoints.createBlogPost, { body: post })
    : call(endpoints.replaceBlogPost, { params: { id }, body: post });

export const useSaveBlogPost = () => useInvalidatingMutation(saveBlogPost, ['content']);
