import type { RoutePath } from '@agency/contracts';

export const mainLinks: readonly { to: RoutePath; label: string }[] = [
  { to: '/services', label: 'Services' },
  { to: '/price-calculator', label: 'Price Calculator' },
  { to: '/about-us', label: 'About Us' },
  { to: '/how-we-work', label: 'How We Work' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
];

export const TAGLINE = 'Be Loud. Be Seen. Be Unstoppable.';
