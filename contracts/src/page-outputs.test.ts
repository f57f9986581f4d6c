/**
 * Everything the contracts derive from the pages, for every route, held to a snapshot: the route table (and so the
 * sitemap's paths), route look-up, the site and content of each page, each page's head with and without its content,
 * and its JSON-LD. A change to how pages are declared must leave this file's snapshot as it is; a change to what a
 * page is (a title, a new page) updates it on purpose (`vitest run -u`) and shows the difference in review.
 */
import { describe, expect, it } from 'vitest';
import { structuredDataFor } from './structured-data';
import { notFoundHead, pageHead } from './head';
import { findPage, pageDataKeys } from './page-specs';
import { pageDataUrl } from './api/page-data-calls';
import { blogPostPath, caseStudyPath, dashboardPath, slugOfPath, withoutTrailingSlash } from './paths';
import { findRoute, href, notFoundRoute, routes, siteOfPath } from './routes';
import type { CaseStudy } from './schemas/entities';
import type { PublicBlogPost } from './schemas/content';

const origin = 'https://beloud.example';

const post = (slug: string, extra: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
  id: 1,
  slug,
  title: `Post ${slug}`,
  excerpt: `About ${slug}: ${'words '.repeat(40)}`,
  imageUrl: `/content-images/${slug}.webp`,
  imageAlt: 'alt',
  category: 'SEO Strategy',
  publishedAt: '2025-06-15T00:00:00.000Z',
  updatedAt: '2025-06-16T00:00:00.000Z',
  faq: [{ question: `Why ${slug}?`, answer: 'Because.' }],
  html: '<p>x</p>',
  readMinutes: 1,
  steps: [{ name: 'First', text: 'Do the first thing.' }],
  ...extra,
});

const study = (slug: string, extra: Partial<CaseStudy> = {}): CaseStudy =>
  ({
    id: 3,
    slug,
    title: `Study ${slug}`,
    category: 'Hospitality',
    scenario: 'A cafe in Cambridge wanted more bookings.',
    challenges: [],
    strategies: null,
    results: null,
    imagePath: `/content-images/${slug}.webp`,
    conclusion: 'Bookings doubled.',
    sortOrder: 0,
    isActive: true,
    ...extra,
  }) as CaseStudy;

/** Every list a page may show, as its public API call answers it. */
const lists = {
  'blog-posts': {
    items: [post('first'), post('second', { imageUrl: null, faq: [], steps: [] } as Partial<PublicBlogPost>)],
    page: 1,
    pageSize: 12,
    total: 2,
  },
  'case-studies': { items: [study('cafe')] },
  'service-packages': { items: [] },
};

/** Each route's concrete URL paths: a content route's with a sample slug, and one asked for with a trailing slash. */
const pathsOf = (path: string) =>
  path.endsWith(':slug') ? [path.replace(':slug', 'sample-item'), path.replace(':slug', 'sample-item/')] : [path];

/** What the page shows in each state worth a head of its own: nothing known, everything known, its item missing. */
function states(path: string): [string, Record<string, unknown>][] {
  const keys = pageDataKeys(path);
  const known = Object.fromEntries(
    keys.map((key) => {
      if (key.startsWith('blog-post/')) return [key, post(key.slice('blog-post/'.length))];
      if (key.startsWith('case-study/')) return [key, study(key.slice('case-study/'.length))];
      return [key, lists[key as keyof typeof lists]];
    }),
  );
  const item = findPage(path)?.item;
  return [
    ['nothing known', {}],
    ['content known', known],
    ...(item
      ? ([
          ['item missing', { ...known, [item]: null }],
          [
            'item without image or summary',
            {
              [item]: item.startsWith('case-study/')
                ? study('bare', { imagePath: 'https://elsewhere.example/x.webp', scenario: null, conclusion: null })
                : post('bare', { imageUrl: null } as Partial<PublicBlogPost>),
            },
          ],
        ] as [string, Record<string, unknown>][])
      : []),
  ];
}

const everyPath = routes.flatMap((r) => pathsOf(r.path));

describe('outputs derived from the pages', () => {
  it('the route table, as every package reads it', () => {
    expect(routes).toMatchSnapshot();
    expect(notFoundRoute).toMatchSnapshot();
  });

  it('the sitemap lists the indexable routes, in this order', () => {
    expect(routes.filter((r) => r.indexable).map((r) => r.path)).toMatchSnapshot();
  });

  it('route look-up, sites and page data keys for every path', () => {
    const unknown = ['/nowhere', '/blog/', '/blog/Not_A_Slug', '/blog/a/b', '/services/unknown', '/case-studies'];
    expect(
      Object.fromEntries(
        [...everyPath, ...everyPath.map((p) => `${p}/`), ...unknown].map((p) => {
          const page = findPage(p);
          return [
            p,
            {
              route: findRoute(p)?.path ?? null,
              site: siteOfPath(`${p}?q=1#top`),
              page: page ? { ...page, route: page.route.path } : null,
              keys: pageDataKeys(p),
              urls: pageDataKeys(p).map((k) => pageDataUrl(k as never)),
            },
          ];
        }),
      ),
    ).toMatchSnapshot();
  });

  it.each(everyPath)('the head and JSON-LD of %s', (path) => {
    const out = states(path).map(([state, data]) => {
      const jsonLd = structuredDataFor(path, origin, data);
      return {
        state,
        jsonLd,
        head: pageHead(path, origin, data, jsonLd),
        headWithoutJsonLd: pageHead(path, origin, data),
      };
    });
    expect(out).toMatchSnapshot();
  });

  it('the 404 head, and the path helpers', () => {
    expect(notFoundHead()).toMatchSnapshot();
    expect(pageHead('/nowhere', origin)).toEqual(notFoundHead());
    expect(structuredDataFor('/nowhere', origin)).toEqual([]);
    expect({
      href: [href('/contact'), href('/services', 'packages')],
      blog: blogPostPath('a-post'),
      study: caseStudyPath('a-study'),
      slug: slugOfPath('/blog/a-post/'),
      trailing: [withoutTrailingSlash('/'), withoutTrailingSlash('/faq//')],
      dashboard: [dashboardPath(), dashboardPath({ tab: 'leads', lead: 'quote-3', post: 2 })],
    }).toMatchSnapshot();
  });
});
