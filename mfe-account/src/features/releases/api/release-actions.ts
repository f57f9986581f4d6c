import { useQuery } from '@tanstack/react-query';
import { endpoints, type RemoteName } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

// The Releases tab's actions (master admins; a fresh second factor guards them once step-up lands): each one
// answers what is live and what runs as canary, and the tab reads the figures and the history again.

const afterRelease = (remote: RemoteName) => ['releases', remote];

export const promoteCanary = (remote: RemoteName) => call(endpoints.adminReleasePromote, { params: { remote } });
export const abortCanary = ({ remote, reason }: { remote: RemoteName; reason: string }) =>
  call(endpoints.adminReleaseAbort, { params: { remote }, body: { reason } });
export const changeCanaryShare = ({ remote, percent }: { remote: RemoteName; percent: number }) =>
  call(endpoints.adminReleaseShare, { params: { remote }, body: { percent } });

// ['releases'] is the figures' key and the history's prefix: one invalidation reads both again.
export const usePromoteCanary = () => useInvalidatingMutation(promoteCanary, ['releases'], { afterFailureToo: true });
export const useAbortCanary = () => useInvalidatingMutation(abortCanary, ['releases'], { afterFailureToo: true });
export const useChangeCanaryShare = () =>
  useInvalidatingMutation(changeCanaryShare, ['releases'], { afterFailureToo: true });

/** A remote's latest release actions, newest first, with each version's pre-flight report. */
export const useReleaseHistory = (remote: RemoteName) =>
  useQuery({
    queryKey: [...afterRelease(remote), 'history'],
    queryFn: () => call(endpoints.adminReleaseHistory, { params: { remote }, query: { limit: 30 } }),
  });
