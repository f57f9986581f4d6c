import { FAQ_CATEGORIES } from '../content/faq';
import { breadcrumbJsonLd, faqJsonLd, home, type JsonLdBuilders } from './json-ld';

/** The FAQ page (faq.ts): every question of the FAQ content, and its breadcrumb. */
export const faqPageJsonLd = {
  faq: (origin) => [
    faqJsonLd(FAQ_CATEGORIES.flatMap((c) => c.entries)),
    breadcrumbJsonLd(origin, [home, ['FAQ', '/faq']]),
  ],
} satisfies JsonLdBuilders<'faq'>;
