import { BUSINESS } from '../content/business';
import { CONTEXT, organizationJsonLd, organizationNode, type JsonLdBuilders } from './json-ld';

/** The contact page (contact.ts): a ContactPage about the agency, and the agency itself. */
export const contactJsonLd = {
  contact: (origin) => [
    {
      '@context': CONTEXT,
      '@type': 'ContactPage',
      name: `Contact ${BUSINESS.name}`,
      url: `${origin}/contact`,
      about: organizationNode(origin),
    },
    organizationJsonLd(origin),
  ],
} satisfies JsonLdBuilders<'contact'>;
