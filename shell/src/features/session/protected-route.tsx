import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '@agency/contracts/router';
import type { Role } from '@agency/contracts';
import { useSession } from '@agency/contracts/client';
import { hostApi } from '../../host-api';

/** The one re-read when no user is found (site-and-accounts §2, §9). */
const SESSION_RECHECK_MS = 100;

function Spinner({ text }: { text: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-slate-600">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      {text}
    </div>
  );
}

type Phase = 'checking' | 'synchronizing' | 'allowed' | 'denied';

/** Sign-in, to come back to `path` after it. */
export const signInAndBack = (path: string) => `/auth?next=${encodeURIComponent(path)}`;

/**
 * Route protection of the spec: 'Checking authentication...' while the session is read, 'Synchronizing...'
 * after it, one re-read after 100 ms when nobody is signed in, then the page, or `/` for anyone else. A person
 * whose session ended elsewhere (signed out on another device, expired, revoked) goes to sign-in instead, and
 * comes back to the same address after it (decision 0102).
 */
export function ProtectedRoute({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const ended = useSession((s) => s.ended);
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('checking');

  useEffect(() => {
    if (status === 'loading') return;
    let cancelled = false;
    setPhase('synchronizing');
    void (async () => {
      let current = user;
      if (!current) {
        await new Promise((r) => setTimeout(r, SESSION_RECHECK_MS));
        try {
          current = await hostApi.session.getState().refresh({ force: true });
        } catch (error) {
          console.warn('Session re-read failed', error);
        }
      }
      if (!cancelled) setPhase(current && roles.includes(current.role) ? 'allowed' : 'denied');
    })();
    return () => {
      cancelled = true;
    };
  }, [status, user, roles]);

  if (phase === 'checking') return <Spinner text="Checking authentication..." />;
  if (phase === 'synchronizing') return <Spinner text="Synchronizing..." />;
  if (phase === 'denied' && ended && !user)
    return <Navigate to={signInAndBack(location.pathname + location.search + location.hash)} replace />;
  if (phase === 'denied') return <Navigate to="/" replace />;
  return children;
}
