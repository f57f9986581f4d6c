import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@agency/contracts/router';
import { siteOfPath } from '@agency/contracts';
import { cookieHint, useSession } from '@agency/contracts/client';
import { hostApi } from '../../host-api';

// The public site and the portal (decision 0077): each page is served by one of them, and the shell of each renders
// that site's pages only; a link or a navigation to a page of the other leaves by a full page load.

/** Whether this page is the portal's. */
export const onPortal = () => hostApi.config.site === 'portal';

/**
 * Where a full page load of `to` (a path) goes from here. To the portal: its own address there. From the portal: this
 * origin's path, which the gateway sends on by the public site's hint page, so the public header learns whether the
 * visitor is signed in.
 */
export const crossSiteHref = (to: string) => (onPortal() ? to : hostApi.config.portalOrigin + to);

/** A link to a page of either site: the router's within this one, a plain link (a page load) to the other. */
export function SiteLink({
  to,
  className,
  onClick,
  children,
}: {
  to: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  if (siteOfPath(to) === hostApi.config.site)
    return (
      <Link to={to} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  return (
    <a href={crossSiteHref(to)} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** The public site's `signed-in` hint, set by the portal on the way here (the session itself is the portal's). */
const publicHint = cookieHint();

/**
 * Whether someone is signed in, as far as this page can tell: the portal reads its session; the public site, which
 * never reads one, goes by its hint (after hydration, so the first render matches the server's signed-out one).
 */
export function useSignedIn(): boolean {
  const user = useSession((s) => s.user);
  const [hinted, setHinted] = useState(false);
  useEffect(() => {
    if (!onPortal()) setHinted(publicHint.present());
  }, []);
  return onPortal() ? user !== null : hinted;
}
