import { Link, useNavigate } from '@agency/contracts/router';
import { hostApi } from '../../host-api';
import { toast } from '../toasts/toast-store';
import { useSession } from './use-session';

const button = 'rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** Client Login when signed out; Dashboard and Logout (disabled while logging out) when signed in. */
export function AuthControls({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  const user = useSession((s) => s.user);
  const loggingOut = useSession((s) => s.loggingOut);
  const navigate = useNavigate();

  async function logout() {
    try {
      await hostApi.session.getState().logout();
      onNavigate?.();
      navigate('/');
      toast({ title: 'Logged out successfully', description: 'You have been logged out' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast({ variant: 'destructive', title: 'Logout failed', description: message });
    }
  }

  if (!user) {
    return (
      <div className={className}>
        <Link to="/auth" onClick={onNavigate} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
          Client Login
        </Link>
      </div>
    );
  }
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <Link to="/dashboard" onClick={onNavigate} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
        Dashboard
      </Link>
      <button
        type="button"
        onClick={() => void logout()}
        disabled={loggingOut}
        className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
      >
        {loggingOut ? 'Logging out...' : 'Logout'}
      </button>
    </div>
  );
}
