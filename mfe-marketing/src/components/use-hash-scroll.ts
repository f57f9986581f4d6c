import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';

/**
 * A page loaded by federation renders after the browser tried to scroll to `#id`, and the shell scrolls to
 * the top on navigation; so once the content exists (`contentVersion` changes when it arrives), scroll to the
 * target named in the URL.
 */
export function useHashScroll(contentVersion: unknown = null) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash, contentVersion]);
}
