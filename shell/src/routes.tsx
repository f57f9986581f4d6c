import type { RouteObject } from '@agency/contracts/router';
import { routes, siteOfRemote, type RouteDef } from '@agency/contracts';
import { HostProvider } from '@agency/contracts/client';
import { ProtectedRoute } from './features/session/protected-route';
import { OnSite } from './features/site/elsewhere';
import { RemotePage } from './federation/remote-page';
import { hostApi } from './host-api';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './pages/not-found-page';

const pageRoutes: RouteObject[] = routes.map((route: RouteDef) => {
  const page = (
    // Keyed by path: each route gets its own boundary, so one section's failure never sticks to the next page.
    <RemotePage
      key={route.path}
      remote={route.owner}
      module={route.module}
      loadingText={route.path === '/dashboard' ? 'Loading Dashboard...' : undefined}
    />
  );
  return {
    path: route.path,
    element: (
      // Each page on its own site (decision 0077): the portal's shell loads only the portal's remote.
      <OnSite site={siteOfRemote(route.owner)}>
        {route.roles ? <ProtectedRoute roles={route.roles}>{page}</ProtectedRoute> : page}
      </OnSite>
    ),
  };
});

/** The whole route tree: the browser router and the server render (server.tsx) build from the same objects. */
export const routeTree: RouteObject[] = [
  {
    // The shell's own tree reads its services as remote pages do (useSession, contracts/client): through a HostProvider.
    element: (
      <HostProvider host={hostApi}>
        <RootLayout />
      </HostProvider>
    ),
    children: [
      ...pageRoutes,
      {
        path: '*',
        element: (
          <OnSite site="public">
            <NotFoundPage />
          </OnSite>
        ),
      },
    ],
  },
];
