import { useEffect, useRef } from 'react';
import { useLocation } from '@agency/contracts/router';

/**
 * After a client-side navigation: scroll to the top (pages with a `#anchor` scroll to it once their content
 * exists) and move focus to the main region, so keyboard and screen-reader users start at the new page rather
 * than on a link that no longer exists. The first load is left as the browser placed it: at the top, at its
 * `#anchor`, where a reload left it, or where the reader has scrolled a server-rendered page to before its code
 * arrived; hydration must not throw them back to the top.
 */
export function NavigationReset() {
  const { pathname } = useLocation();
  // Compared by path rather than counted, so StrictMode's second effect run in development is not a navigation.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
