/**
 * `@agency/contracts/testing`: what the remotes' component tests share (never imported by app code). A recording
 * stand-in for the shell and a render at a route, so a test says only what its page needs.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { PublicRuntimeConfig } from '../src/config';
import { defaultPublicConfig } from '../src/public-config';
import { HostProvider } from '../client/host-context';
import type { HostApi } from '../client/host';
import { createSessionStore } from '../client/session-store';

/** The shell's services with every call recorded; the session store talks to the (stubbed) global fetch. */
export function createTestHost(config: Partial<PublicRuntimeConfig> = {}) {
  const host = {
    config: { ...defaultPublicConfig, ...config } as PublicRuntimeConfig,
    toast: vi.fn<HostApi['toast']>(),
    track: vi.fn<HostApi['track']>(),
    loadRemote: vi.fn((id: string) =>
      Promise.reject(new Error(`${id} is not available in component tests`)),
    ) as HostApi['loadRemote'],
    session: createSessionStore(),
  };
  return host satisfies HostApi;
}

/** Where the page navigated to, for assertions on redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `ui` at `url` (its path is the route; any other path renders nothing) inside a router with a test host.
 * `wrap` puts a remote's own providers around the page.
 */
export function renderWithHost(
  ui: ReactElement,
  {
    url = '/',
    config,
    wrap = (page) => page,
  }: { url?: string; config?: Partial<PublicRuntimeConfig>; wrap?: (page: ReactNode) => ReactNode } = {},
): RenderResult & { host: ReturnType<typeof createTestHost> } {
  const host = createTestHost(config);
  const path = url.split('?')[0]!;
  // A data router, as the shell's: pages may use what only one offers (a blocker that asks before leaving).
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(<HostProvider host={host}>{wrap(<RouterProvider router={router} />)}</HostProvider>);
  return { ...view, host };
}
