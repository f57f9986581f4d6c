import { Link } from 'react-router';
import { AGENCY_NAME } from '@agency/contracts';
import { useSession } from '../features/session/use-session';
import { hostApi } from '../host-api';
import { mainLinks, TAGLINE } from './nav-links';

export function Footer() {
  const { supportEmail, supportPhone } = hostApi.config;
  const signedIn = useSession((s) => s.user !== null);
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{AGENCY_NAME}</p>
          <p className="mt-2">{TAGLINE}</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {mainLinks.map((link) => (
              <li key={link.to}><Link to={link.to} className="hover:text-white">{link.label}</Link></li>
            ))}
            <li><Link to="/contact" className="hover:text-white">Contact</Link></li>
            <li><Link to="/privacy-policy" className="hover:text-white">Privacy Policy</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-3 space-y-2">
            <li><a href={`mailto:${supportEmail}`} className="hover:text-white">{supportEmail}</a></li>
            <li><a href={`tel:${supportPhone.replace(/\s/g, '')}`} className="hover:text-white">{supportPhone}</a></li>
            <li>Te Awamutu, Waikato 3800</li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Admin</h2>
          <ul className="mt-3 space-y-2">
            {signedIn ? (
              <li><Link to="/dashboard" className="hover:text-white">Dashboard</Link></li>
            ) : (
              <li><Link to="/auth?role=admin" className="hover:text-white">Admin Login</Link></li>
            )}
            <li><a href="/sitemap.xml" target="_blank" rel="noopener" className="hover:text-white">Sitemap</a></li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-sm">
        © {new Date().getFullYear()} {AGENCY_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
