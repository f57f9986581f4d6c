import type { ReactNode } from 'react';
import { AGENCY_NAME, BUSINESS, CONSENT_TEXT } from '@agency/contracts';
import { CookieSettingsItem } from '../features/consent/consent-slot';
import { SiteLink, useSignedIn } from '../features/site/site-links';
import { hostApi } from '../host-api';
import { mainLinks, TAGLINE } from './nav-links';

/** An internal link of the footer's lists (to the portal from the public site, and back: decision 0077). */
function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <SiteLink to={to} className="hover:text-white">
        {children}
      </SiteLink>
    </li>
  );
}

export function Footer() {
  const { supportEmail, supportPhone } = hostApi.config;
  const signedIn = useSignedIn();
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{AGENCY_NAME}</p>
          <p className="mt-2">{TAGLINE}</p>
          <ul aria-label="Social media" className="mt-4 flex gap-4">
            {BUSINESS.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="hover:text-white">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            <FooterLink to="/services">Services</FooterLink>
            {mainLinks.map((link) => (
              <FooterLink key={link.to} to={link.to}>
                {link.label}
              </FooterLink>
            ))}
            <FooterLink to="/contact">Contact</FooterLink>
            <FooterLink to="/privacy-policy">Privacy Policy</FooterLink>
            <CookieSettingsItem className="text-left hover:text-white">{CONSENT_TEXT.footerLink}</CookieSettingsItem>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${supportEmail}`} className="hover:text-white">
                {supportEmail}
              </a>
            </li>
            <li>
              <a href={`tel:${supportPhone.replace(/\s/g, '')}`} className="hover:text-white">
                {supportPhone}
              </a>
            </li>
            <li>
              {BUSINESS.address.locality}, {BUSINESS.address.region} {BUSINESS.address.postcode}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Admin</h2>
          <ul className="mt-3 space-y-2">
            {signedIn ? (
              <FooterLink to="/dashboard">Dashboard</FooterLink>
            ) : (
              <FooterLink to="/auth?role=admin">Admin Login</FooterLink>
            )}
            <li>
              <a
                href={`${hostApi.config.publicOrigin}/sitemap.xml`}
                target="_blank"
                rel="noopener"
                className="hover:text-white"
              >
                Sitemap<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-sm">
        © {new Date().getFullYear()} {AGENCY_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
