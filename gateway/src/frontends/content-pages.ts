import {
  AGENCY_NAME,
  pageDataKeys,
  pageDataUrl,
  STANDALONE_ARTICLES,
  structuredDataFor,
  type CaseStudy,
  type PageDataKey,
  type PublicBlogPost,
  type RouteDef,
} from '@agency/contracts';
import { headFor, type HeadData } from './html';

/** Answers one public API call in-process: the JSON, null for a 404, a thrown error for anything else. */
export type FetchPageData = (url: string) => Promise<unknown>;

export interface PageContent {
  data: Record<string, unknown>;
  /** The item the page is about does not exist (or is not public): the 404 page. */
  missing: boolean;
}

const DESCRIPTION_MAX = 160;
const clip = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;

/**
 * Staff-edited content in server-built pages (issue 25, decision 0034): the data a page shows, fetched through the
 * same public API calls the browser makes, and the head it gives the page (a post's title, description, image and
 * Article data in the HTML the gateway sends).
 */
export function contentPages(fetchData: FetchPageData, origin: string) {
  async function load(path: string): Promise<PageContent> {
    const keys = pageDataKeys(path);
    const values = await Promise.all(keys.map((key) => fetchData(pageDataUrl(key))));
    const data = Object.fromEntries(keys.map((key, i) => [key, values[i]]));
    // A page about one item (a post, a case study, a stand-alone article) is a 404 without it.
    const single = keys.filter((k): k is PageDataKey => k.includes('/'));
    return { data, missing: single.some((k) => data[k] === null) };
  }

  function head(route: RouteDef, path: string, data: Record<string, unknown>): HeadData {
    const base: HeadData = { ...headFor(route, origin), structuredData: structuredDataFor(path, origin, data) };
    const [key] = pageDataKeys(path).filter((k) => k.includes('/'));
    const item = key ? data[key] : undefined;
    if (!item) return base;
    if (key!.startsWith('case-study/')) {
      const study = item as CaseStudy;
      return {
        ...base,
        title: `${study.title} | Case Study | ${AGENCY_NAME}`,
        description: clip(study.scenario ?? study.conclusion ?? route.description),
        canonicalPath: path,
        ogType: 'article',
        ...(study.imagePath?.startsWith('/') ? { image: origin + study.imagePath } : {}),
      };
    }
    const post = item as PublicBlogPost;
    const standalone = path in STANDALONE_ARTICLES;
    return {
      ...base,
      // The spec's stand-alone pages keep their own titles; a post's page is titled by the post.
      ...(standalone ? {} : { title: `${post.title} | ${AGENCY_NAME}`, description: clip(post.excerpt) }),
      canonicalPath: standalone ? route.path : path,
      ogType: 'article',
      ...(post.imageUrl ? { image: origin + post.imageUrl } : {}),
    };
  }

  return { load, head, needsContent: (path: string) => pageDataKeys(path).length > 0 };
}

export type ContentPages = ReturnType<typeof contentPages>;
