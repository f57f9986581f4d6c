import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { defaultPublicConfig, type PublicBlogPost } from '@agency/contracts';
import { HostProvider, createSessionStore, type HostApi } from '@agency/contracts/client';

/** Renders `ui` inside a router with a recording stand-in for the shell. */
export function renderWithHost(
  ui: ReactElement,
  {
    path = '/',
    loadRemote,
    pageData = {},
  }: { path?: string; loadRemote?: HostApi['loadRemote']; pageData?: Record<string, unknown> } = {},
) {
  const host = {
    config: { ...defaultPublicConfig, bookingUrl: 'https://booking.example/agency', supportPhone: '07 123 4567' },
    toast: vi.fn<HostApi['toast']>(),
    track: vi.fn<HostApi['track']>(),
    loadRemote:
      loadRemote ??
      (vi.fn((id: string) =>
        Promise.reject(new Error(`${id} is not available in component tests`)),
      ) as HostApi['loadRemote']),
    session: createSessionStore(),
    // What the gateway would have put in the page (content by key, page-data.ts).
    pageData: (key: string) => (Object.hasOwn(pageData, key) ? pageData[key] : undefined),
    contentShown: vi.fn<NonNullable<HostApi['contentShown']>>(),
  };
  const view = render(
    <HostProvider host={host satisfies HostApi}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </HostProvider>,
  );
  return { ...view, host };
}

/** A published post as GET /api/blog-posts gives it. */
export const postFixture = (
  slug: string,
  publishedAt: string,
  extra: Partial<PublicBlogPost> = {},
): PublicBlogPost => ({
  id: slug.length,
  slug,
  title: `Post ${slug}`,
  excerpt: `About ${slug}`,
  imageUrl: `/content-images/00000000-0000-4000-8000-00000000000${slug.length % 10}.webp`,
  imageAlt: `Cover of ${slug}`,
  category: 'SEO Strategy',
  publishedAt,
  updatedAt: publishedAt,
  faq: [],
  html: `<p>Body of ${slug}</p>`,
  readMinutes: 3,
  steps: [],
  ...extra,
});
