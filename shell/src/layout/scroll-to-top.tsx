import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findRoute, notFoundRoute } from '@agency/contracts';

/** Scrolls to the top and updates the title on every navigation (the gateway sets both on first load). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = (findRoute(pathname) ?? notFoundRoute).title;
  }, [pathname]);
  return null;
}
