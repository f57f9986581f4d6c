import { Link } from '@agency/contracts/router';
import { AGENCY_NAME } from '@agency/contracts';
import { AuthControls } from '../features/session/auth-controls';
import { useReplayEarlyClick } from './early-click';
import { MobileMenu } from './mobile-menu';
import { DesktopNav } from './services-menu';

export function Header() {
  // A menu button clicked before the code arrived opens its menu now (decision 0016).
  useReplayEarlyClick();
  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-700">
          {AGENCY_NAME}
        </Link>
        <DesktopNav />
        <AuthControls className="hidden md:flex" />
        <MobileMenu />
      </div>
    </header>
  );
}
