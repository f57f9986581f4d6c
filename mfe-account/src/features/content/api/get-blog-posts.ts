import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Staff: every post, drafts and scheduled ones too (drafts without a date first, then newest). */
export const getBlogPosts = (page: number) => call(endpoints.adminBlogPosts, { query: { page } });

// Under 'content' with the other content lists, which every content write refreshes (save-content.ts).
export const useBlogPosts = (page: number) =>
  useQuery({
    queryKey: ['content', 'blog-posts', page],
    queryFn: () => getBlogPosts(page),
    placeholderData: keepPreviousData,
  });

/** Staff: one post with its Markdown body (to reopen the one a draft belongs to). */
export const getBlogPost = (id: number) => call(endpoints.adminBlogPost, { params: { id } });
