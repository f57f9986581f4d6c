import { findPage } from './page-specs';
import { articlesJsonLd } from './pages/articles.json-ld';
import { blogJsonLd } from './pages/blog.json-ld';
import { caseStudiesJsonLd } from './pages/case-studies.json-ld';
import { contactJsonLd } from './pages/contact.json-ld';
import { faqPageJsonLd } from './pages/faq.json-ld';
import { organizationPageJsonLd, type JsonLd, type JsonLdBuilders, type PageData } from './pages/json-ld';
import { leadEngineOfferPageJsonLd } from './pages/lead-engine-offer.json-ld';
import { servicesJsonLd } from './pages/services.json-ld';

export { breadcrumbJsonLd, faqJsonLd, organizationJsonLd, organizationNode, type JsonLd } from './pages/json-ld';
export { leadEngineOfferJsonLd } from './pages/lead-engine-offer.json-ld';

/** Each kind of page's JSON-LD, as the builders beside the records (pages/) make it. */
const BUILDERS: JsonLdBuilders = {
  ...organizationPageJsonLd,
  ...contactJsonLd,
  ...servicesJsonLd,
  ...faqPageJsonLd,
  ...blogJsonLd,
  ...caseStudiesJsonLd,
  ...articlesJsonLd,
  ...leadEngineOfferPageJsonLd,
};

/**
 * The JSON-LD blocks of a page (empty for pages that carry none), by the kind its record names (pages/). Pages
 * showing staff-edited content take it from `data`, the page's content by key (page-data.ts); without it they carry
 * only what does not depend on it. The module the shell loads after a client-side navigation
 * (`@agency/contracts/structured-data`): the builders and the tables they read stay out of its first load.
 */
export function structuredDataFor(path: string, origin: string, data: PageData = {}): JsonLd[] {
  const page = findPage(path);
  if (!page?.structuredData) return [];
  return BUILDERS[page.structuredData](origin, page.path, data, page.item ? data[page.item] : undefined);
}
