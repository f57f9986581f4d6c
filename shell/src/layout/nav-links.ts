import { BUSINESS, SERVICES, type RoutePath } from '@agency/contracts';

/** Header and footer links besides the Services menu. */
export const mainLinks: readonly { to: RoutePath; label: string }[] = [
  { to: '/price-calculator', label: 'Price Calculator' },
  { to: '/about-us', label: 'About Us' },
  { to: '/how-we-work', label: 'How We Work' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
];

export const serviceLinks = SERVICES.map((s) => ({
  to: `/services/${s.slug}` as RoutePath,
  label: s.name,
  tagline: s.tagline,
}));

export const TAGLINE = BUSINESS.tagline;

/** site-and-accounts §9: below this width the header collapses to the full-screen menu. */
export const MOBILE_BREAKPOINT_PX = 768;
