import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BlogPostSchema, pageOf } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const BlogPostsPageSchema = pageOf(BlogPostSchema);
export const BLOG_POSTS_PATH = '/api/admin/blog-posts';

/** Staff: every post, drafts and scheduled ones too (drafts without a date first, then newest). */
export const getBlogPosts = (page: number) =>
  http.get(`${BLOG_POSTS_PATH}?page=${page}`, { schema: BlogPostsPageSchema });

// Under 'content' with the other content lists, which every content write refreshes (save-content.ts).
export const useBlogPosts = (page: number) =>
  useQuery({
    queryKey: ['content', 'blog-posts', page],
    queryFn: () => getBlogPosts(page),
    placeholderData: keepPreviousData,
  });
