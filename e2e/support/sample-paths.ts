import type { RouteDef } from '@agency/contracts';

/** A case study every worker's gateway holds from the start (suite-gateway.ts), for tests that visit every route. */
export const SAMPLE_CASE_STUDY = {
  slug: 'e2e-sample-study',
  title: 'Cambridge Bakery Finds Its Locals',
  scenario: 'A Cambridge bakery whose website was invisible to people searching nearby.',
} as const;

/** A page that shows each content route with a real item: a seeded post, the sample case study. */
const SAMPLES: Record<string, { path: string; heading: string; title: string }> = {
  '/blog/:slug': {
    path: '/blog/seo-strategies',
    heading: '10 SEO Tactics for New Zealand Small Businesses',
    title: '10 SEO Tactics for New Zealand Small Businesses | Be Loud Digital',
  },
  '/case-studies/:slug': {
    path: `/case-studies/${SAMPLE_CASE_STUDY.slug}`,
    heading: SAMPLE_CASE_STUDY.title,
    title: `${SAMPLE_CASE_STUDY.title} | Case Study | Be Loud Digital`,
  },
};

/** The URL a test visits for a route: its own path, or a real item's for a content route (`/blog/:slug`). */
export const samplePath = (route: Pick<RouteDef, 'path'>): string => SAMPLES[route.path]?.path ?? route.path;
/** The page title a route's sample URL has: the route's own, or the item's. */
export const sampleTitle = (route: Pick<RouteDef, 'path' | 'title'>): string =>
  SAMPLES[route.path]?.title ?? route.title;
/** The h1 of a content route's sample page. */
export const sampleHeading = (path: string): string | undefined => SAMPLES[path]?.heading;
