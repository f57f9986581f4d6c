import { useEffect, useRef } from 'react';
import { useLocation } from '@agency/contracts/router';

/**
 * On every page change: scroll to the top (pages with a `#anchor` scroll to it once their content exists) and,
 * after client-side navigation, move focus to the main region so keyboard and screen-reader users start at the
 * new page rather than on a link that no longer exists. The first load keeps the browser's own focus.
 */
export function NavigationReset() {
  const { pathname } = useLocation();
  // Compared by path rather than counted, so StrictMode's second effect run in development is not a navigation.
  const shown = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
