import {
  BLOG_PAGE_SIZE,
  endpoints,
  pageDataRequest,
  type Endpoint,
  type PageDataKey,
  type PageDataOf,
} from '@agency/contracts';
import { call, isHttpError } from '@agency/contracts/client';

/**
 * The page's content from its public API call, parsed by the call's schema, or null when the item does not exist or
 * is not public (a 404). A module of its own, loaded only when a page has to fetch: a page the gateway served
 * carries its data, and the HTTP client and the schemas stay out of every page's first load.
 */
export async function fetchPageData<K extends PageDataKey>(key: K): Promise<PageDataOf<K> | null> {
  const { endpoint, params, query } = pageDataRequest(key);
  try {
    // One key, one entry (pageDataRequest); the answer is checked by that entry's schema.
    return (await call(endpoint as Endpoint, { params, query } as never)) as PageDataOf<K>;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/** A later page of /blog's posts, as the first came with the page. */
export const fetchPostsPage = (page: number) =>
  call(endpoints.blogPosts, { query: { page, pageSize: BLOG_PAGE_SIZE } });
