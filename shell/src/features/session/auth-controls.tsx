import { SIGNED_OUT_PARAM } from '@agency/contracts';
import { useNavigate } from '@agency/contracts/router';
import { useSession } from '@agency/contracts/client';
import { hostApi } from '../../host-api';
import { onPortal, SiteLink, useSignedIn } from '../site/site-links';
import { toast } from '../toasts/toast-store';

const button = 'rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Client Login when signed out; Dashboard (and, on the portal, where the session is, Logout: disabled while logging
 * out) when signed in. On the public site both lead to the portal (decision 0077).
 */
export function AuthControls({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  const signedIn = useSignedIn();
  const loggingOut = useSession((s) => s.loggingOut);
  const navigate = useNavigate();

  async function logout() {
    try {
      await hostApi.session.getState().logout();
      onNavigate?.();
      // Home is the public site's: the router leaves for it (site/elsewhere.tsx), the gateway sends the visitor on by
      // its hint page, which clears its hint, and the public shell says they are logged out (signed-out-notice.tsx).
      // Through the router, so the protected page is gone before it can send the visitor home by itself.
      navigate(`/?${SIGNED_OUT_PARAM}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast({ variant: 'destructive', title: 'Logout failed', description: message });
    }
  }

  if (!signedIn) {
    return (
      <div className={className}>
        <SiteLink to="/auth" onClick={onNavigate} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
          Client Login
        </SiteLink>
      </div>
    );
  }
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <SiteLink to="/dashboard" onClick={onNavigate} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
        Dashboard
      </SiteLink>
      {onPortal() && (
        <button
          type="button"
          onClick={() => void logout()}
          disabled={loggingOut}
          className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
        >
          {loggingOut ? 'Logging out...' : 'Logout'}
        </button>
      )}
    </div>
  );
}
