import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** How often the Releases tab reads the figures again while it is open. */
export const RELEASES_REFRESH_MS = 30_000;

/** Master admins: live and canary of each remote, with what visitors' browsers measured of each. */
export const getReleases = () => call(endpoints.releases);

// A running canary is watched: the dashboard's 10-minute freshness would show figures long past. The interval only
// runs while the panel is mounted, which is while its tab is open (inactive tabs are unmounted).
export const useReleases = () =>
  useQuery({
    queryKey: ['releases'],
    queryFn: getReleases,
    staleTime: RELEASES_REFRESH_MS,
    refetchInterval: RELEASES_REFRESH_MS,
  });
