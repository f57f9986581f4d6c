import { useEffect } from 'react';
import { SIGNED_OUT_PARAM } from '@agency/contracts';
import { toast } from '../toasts/toast-store';

/**
 * After a sign-out on the portal, the visitor lands on the public home page with `?signed-out` (decision 0077): it
 * says so once, and the address loses the marker.
 */
export function SignedOutNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SIGNED_OUT_PARAM)) return;
    url.searchParams.delete(SIGNED_OUT_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    toast({ title: 'Logged out successfully', description: 'You have been logged out' });
  }, []);
  return null;
}
