import { pageDataUrl, type PageDataKey } from '@agency/contracts';
import { http, isHttpError } from '@agency/contracts/client';

/**
 * The page's content from its public API call, or null when the item does not exist or is not public (a 404).
 * A module of its own so the HTTP client loads only when a page has to fetch: a page the gateway served carries
 * its data, and the shell already ships a copy of the client for its own calls.
 */
export async function fetchPageData<T>(key: PageDataKey): Promise<T | null> {
  try {
    return await http.get<T>(pageDataUrl(key));
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}
