import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every page change (pages with a `#anchor` scroll to it once their content exists). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
