import { findPage, pageDataKeys, pageDataUrl } from '@agency/contracts';

/** Answers one public API call in-process: the JSON, null for a 404, a thrown error for anything else. */
export type FetchPageData = (url: string) => Promise<unknown>;

export interface PageContent {
  data: Record<string, unknown>;
  /** The item the page is about does not exist (or is not public): the 404 page. */
  missing: boolean;
}

/**
 * Staff-edited content in server-built pages (decision 0034): the data a page shows (contracts `findPage`),
 * fetched through the same public API calls the browser makes. The page's head follows it (contracts `pageHead`).
 */
export function contentPages(fetchData: FetchPageData) {
  async function load(path: string): Promise<PageContent> {
    const page = findPage(path);
    const keys = page?.keys ?? [];
    const values = await Promise.all(keys.map((key) => fetchData(pageDataUrl(key))));
    const data = Object.fromEntries(keys.map((key, i) => [key, values[i]]));
    // A page about one item (a post, a case study, a stand-alone article) is a 404 without it.
    return { data, missing: page?.item !== undefined && data[page.item] === null };
  }

  return { load, needsContent: (path: string) => pageDataKeys(path).length > 0 };
}

export type ContentPages = ReturnType<typeof contentPages>;
