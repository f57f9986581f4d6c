import { AGENCY_NAME } from './content/business';
import type { JsonLd } from './content/structured-data';
import { pageItem } from './page-data';
import { withoutTrailingSlash } from './paths';
import { findRoute, notFoundRoute } from './routes';
import type { CaseStudy } from './schemas/entities';
import type { PublicBlogPost } from './schemas/content';

/**
 * One tag of a page's head. The gateway writes them into the HTML it serves (escaped); the shell applies them to the
 * document after a client-side navigation. Both take them from `pageHead`, so a page has the same head either way.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string }
  | { tag: 'script'; type: 'application/ld+json'; json: JsonLd };

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;
const clip = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;

const meta = (attr: 'name' | 'property', key: string, content: string): HeadTag => ({
  tag: 'meta',
  attr,
  key,
  content,
});

/** The 404 page's head: a title and a description, no canonical URL, no card, no structured data. */
export const notFoundHead = (): HeadTag[] => [
  { tag: 'title', text: notFoundRoute.title },
  meta('name', 'description', notFoundRoute.description),
];

/**
 * The head of the page at `pathname`: title, description, keywords, canonical URL, the Open Graph and Twitter cards
 * link previews use, and its JSON-LD. `data` is the content the page shows, by key (page-data.ts), as far as it is
 * known: a page about one item (a post, a case study) takes its title, description, type and image from it, and is the
 * 404 page when the item is null (it does not exist). `structuredData` is the page's JSON-LD
 * (`structuredDataFor(pathname, origin, data)`); passed in, because its tables are heavy and the shell loads them only
 * after a client-side navigation. Without it the head has no JSON-LD tags.
 */
export function pageHead(
  pathname: string,
  origin: string,
  data: Record<string, unknown> = {},
  structuredData?: readonly JsonLd[],
): HeadTag[] {
  const route = findRoute(pathname);
  const path = withoutTrailingSlash(pathname);
  const key = route && pageItem(route, path);
  const item = key === undefined ? undefined : data[key];
  if (!route || item === null) return notFoundHead();
  let { title, description } = route;
  let image: string | undefined;
  if (item && route.content === 'case-study') {
    const study = item as CaseStudy;
    title = `${study.title} | Case Study | ${AGENCY_NAME}`;
    description = clip(study.scenario ?? study.conclusion ?? route.description);
    if (study.imagePath?.startsWith('/')) image = origin + study.imagePath;
  } else if (item) {
    const post = item as PublicBlogPost;
    // The spec's stand-alone article pages keep their own titles; a post's page is titled by the post.
    if (route.content) {
      title = `${post.title} | ${AGENCY_NAME}`;
      description = clip(post.excerpt);
    }
    if (post.imageUrl) image = origin + post.imageUrl;
  }
  const url = origin + path;
  return [
    { tag: 'title', text: title },
    meta('name', 'description', description),
    ...(route.keywords.length ? [meta('name', 'keywords', route.keywords.join(', '))] : []),
    { tag: 'link', rel: 'canonical', href: url },
    meta('property', 'og:type', item ? 'article' : 'website'),
    meta('property', 'og:site_name', AGENCY_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_NZ'),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(structuredData ?? []).map((json): HeadTag => ({ tag: 'script', type: 'application/ld+json', json })),
  ];
}
