import { lazy, Suspense, useEffect } from 'react';
import { hostApi } from '../../host-api';
import { consentStore, useConsent } from './consent-store';

const ConsentBanner = lazy(() => import('./consent-banner'));

/**
 * Where the banner goes, on the public site only: the portal loads no third party (decision 0077), so there is
 * nothing to consent to there. Rendered only after mount, never on the server: pages are built once per route and
 * cached (decision 0023), so the server cannot know a visitor's cookie, and a banner in the cached HTML would
 * differ from what hydration renders for a visitor who has chosen.
 */
export function ConsentSlot() {
  const { open, focus } = useConsent();
  useEffect(() => {
    if (hostApi.config.site === 'portal') return;
    consentStore.askIfUnchosen();
  }, []);
  if (!open || hostApi.config.site === 'portal') return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner focus={focus} />
    </Suspense>
  );
}

/** The footer's item: the banner again, to change the choice (public site only, like the banner). */
export function CookieSettingsItem({ className, children }: { className: string; children: string }) {
  if (hostApi.config.site === 'portal') return null;
  return (
    <li>
      <button type="button" className={className} onClick={consentStore.reopen}>
        {children}
      </button>
    </li>
  );
}
