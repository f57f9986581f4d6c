import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useDebounced } from '../../../lib/use-debounced';

/** A Markdown body as the site will show it: rendered and sanitised by the gateway, the one renderer. */
export const previewBlogPost = (body: string) => call(endpoints.previewBlogPost, { body: { body } });

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
