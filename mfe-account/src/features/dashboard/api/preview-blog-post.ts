import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MarkdownPreviewResultSchema } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { useDebounced } from '../../../lib/use-debounced';
import { BLOG_POSTS_PATH } from './get-blog-posts';

/** A Markdown body as the site will show it: rendered and sanitised by the gateway, the one renderer. */
export const previewBlogPost = (body: string) =>
  http.post(`${BLOG_POSTS_PATH}/preview`, { body }, { schema: MarkdownPreviewResultSchema });

/**
 * The live preview of a body being typed: asked for once typing pauses (300 ms); the last preview stays on screen
 * while the next loads. A POST, but it changes nothing, so it is cached like a read of that exact text.
 */
export function useBlogPostPreview(body: string) {
  const settled = useDebounced(body, 300);
  return useQuery({
    queryKey: ['blog-preview', settled],
    queryFn: () => previewBlogPost(settled),
    enabled: settled.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
