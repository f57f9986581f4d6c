import { BUSINESS } from '../content/business';
import { SERVICES } from '../content/services';
import { breadcrumbJsonLd, CONTEXT, home, organizationNode, type JsonLd, type JsonLdBuilders } from './json-ld';

/** The service page at `path`, one of the six of the services content. */
function serviceJsonLd(origin: string, path: string): JsonLd[] {
  const service = SERVICES.find((s) => path === `/services/${s.slug}`);
  if (!service) return [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Service',
      name: service.name,
      description: service.summary,
      serviceType: service.name,
      provider: organizationNode(origin),
      areaServed: BUSINESS.areasServed.map((name) => ({ '@type': 'Place', name })),
      url: `${origin}${path}`,
    },
    breadcrumbJsonLd(origin, [home, ['Services', '/services'], [service.name, path]]),
  ];
}

/** The services overview (the list of services) and each service's page (services.ts). */
export const servicesJsonLd = {
  services: (origin) => [
    {
      '@context': CONTEXT,
      '@type': 'ItemList',
      name: 'Our services',
      itemListElement: SERVICES.map((s, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: s.name,
        url: `${origin}/services/${s.slug}`,
      })),
    },
    breadcrumbJsonLd(origin, [home, ['Services', '/services']]),
  ],
  service: (origin, path) => serviceJsonLd(origin, path),
} satisfies JsonLdBuilders<'services' | 'service'>;
