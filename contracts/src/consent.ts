/**
 * A visitor's tracking consent (decision 0095): two purposes, analytics (Google Analytics) and ads (the Meta pixel,
 * Google's ad signals and every server-side conversion event). The choice lives in one first-party cookie that both
 * the shell and the gateway read; nothing personal is in it. No cookie: the visitor has not chosen, and nothing is
 * sent until they do (Google Consent Mode v2 defaults to denied).
 */
export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

export const CONSENT_COOKIE = 'agency_consent';
/** A choice is asked for again after a year, as the privacy regulators' guidance expects. */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The cookie's format version: a new purpose makes every older choice be asked again. */
const VERSION = 'v1';

export const serializeConsent = (c: ConsentChoice) => `${VERSION}.a${c.analytics ? 1 : 0}.m${c.ads ? 1 : 0}`;

/** The cookie's value read back; anything else (absent, edited, an older version) is "not chosen". */
export function parseConsent(value: string | undefined | null): ConsentChoice | null {
  const m = /^v1\.a([01])\.m([01])$/.exec(value ?? '');
  return m ? { analytics: m[1] === '1', ads: m[2] === '1' } : null;
}

/** The consent cookie's value in a `Cookie` header (or `document.cookie`), parsed. */
export function consentFromCookies(header: string | undefined | null): ConsentChoice | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE) return parseConsent(part.slice(eq + 1).trim());
  }
  return null;
}

type Signal = 'granted' | 'denied';
/** Google Consent Mode v2's four signals for a choice (`null`: not chosen, so every signal denied). */
export function consentModeSignals(
  c: ConsentChoice | null,
): Record<'analytics_storage' | 'ad_storage' | 'ad_user_data' | 'ad_personalization', Signal> {
  const ads: Signal = c?.ads ? 'granted' : 'denied';
  return {
    analytics_storage: c?.analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

/** The banner's and the footer link's words (plain text, like every other text of the site). */
export const CONSENT_TEXT = {
  title: 'Cookies and tracking',
  body:
    'We use Google Analytics to see how the site is used, and the Meta pixel and Google ad signals to measure our ' +
    'advertising, including from our server when you send us a form. Nothing is sent until you choose.',
  accept: 'Accept all',
  reject: 'Reject all',
  choose: 'Choose',
  save: 'Save choices',
  analyticsLabel: 'Analytics: how visitors use the site (Google Analytics)',
  adsLabel: 'Advertising: measuring our ads (Meta pixel, Google ads, server-side conversions)',
  footerLink: 'Cookie settings',
  saved: 'Your cookie choices are saved.',
} as const;
