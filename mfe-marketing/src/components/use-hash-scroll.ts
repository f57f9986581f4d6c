import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';

/**
 * A page loaded by federation renders after the browser tried to scroll to `#id`, and the shell scrolls to
 * the top on navigation; so once the content exists, scroll to the target named in the URL.
 */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
