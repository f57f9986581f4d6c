import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@agency/contracts/router';
import type { Site } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { crossSiteHref } from './site-links';

/**
 * A page of the other site, reached by a client-side navigation (a remote's link, a redirect): left by a full page
 * load, so this document never runs the other site's code. The gateway never serves such a page itself.
 */
function Elsewhere() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(crossSiteHref(pathname + search + hash));
  }, [pathname, search, hash]);
  return (
    <p role="status" className="px-4 py-16 text-center text-slate-600">
      Loading...
    </p>
  );
}

/** The page of a route of `site`: itself on that site, a page load away on the other (decision 0077). */
export function OnSite({ site, children }: { site: Site; children: ReactNode }) {
  return hostApi.config.site === site ? children : <Elsewhere />;
}
