import { Link, NavLink } from 'react-router';
import { AGENCY_NAME } from '@agency/contracts';
import { AuthControls } from '../features/session/auth-controls';
import { mainLinks } from './nav-links';

export function Header() {
  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-700">
          {AGENCY_NAME}
        </Link>
        <ul className="hidden items-center gap-5 md:flex">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => `font-medium hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-slate-700'}`}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <AuthControls />
      </nav>
    </header>
  );
}
