import { BUSINESS } from '../content/business';
import { LEAD_ENGINE_OFFER } from '../pricing/tables';
import { CONTEXT, organizationNode, type JsonLd, type JsonLdBuilders } from './json-ld';

/**
 * The lead engine sales page (leads-and-quoting §9: "also sets ... structured service data"): the service and its
 * one-off early-client price against the normal price, both excl. GST, as schema.org's strikethrough pricing.
 */
export function leadEngineOfferJsonLd(origin: string): JsonLd {
  const url = `${origin}/local-lead-engine-offer`;
  const price = (amount: number, extra: JsonLd = {}) => ({
    '@type': 'UnitPriceSpecification',
    price: amount,
    priceCurrency: 'NZD',
    valueAddedTaxIncluded: false,
    ...extra,
  });
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: 'Local Lead Engine',
    serviceType: 'Lead generation system for tradies',
    description:
      'A done-for-you lead system for Waikato tradies: a lead-capture landing page, Google and Meta ads, instant enquiry follow-up and call tracking. One-off setup, no monthly fees.',
    provider: organizationNode(origin),
    areaServed: BUSINESS.areasServed.map((name) => ({ '@type': 'Place', name })),
    audience: { '@type': 'BusinessAudience', audienceType: 'Tradies' },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: LEAD_ENGINE_OFFER.price,
      priceCurrency: 'NZD',
      availability: 'https://schema.org/LimitedAvailability',
      priceSpecification: [
        price(LEAD_ENGINE_OFFER.price),
        price(LEAD_ENGINE_OFFER.normalPrice, { priceType: 'https://schema.org/StrikethroughPrice' }),
      ],
    },
  };
}

/** The lead engine sales page (lead-engine-offer.ts). */
export const leadEngineOfferPageJsonLd = {
  'lead-engine-offer': (origin) => [leadEngineOfferJsonLd(origin)],
} satisfies JsonLdBuilders<'lead-engine-offer'>;
