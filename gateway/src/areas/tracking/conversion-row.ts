import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { consentFromCookies, type AdPlatform, type ConversionEventSchema } from '@agency/contracts';
import type { z } from 'zod';
import type { conversionEvents } from '../../platform/db';
import type { Env } from '../../platform/env';
import { clientIp } from '../../platform/http/client-ip';

type Conversion = z.output<typeof ConversionEventSchema>;
type Row = typeof conversionEvents.$inferInsert;

/** Bounds on what a browser hands over: anyone can send long ones, and each is stored with the event. */
const USER_AGENT_CHARS = 256;
const ADDRESS_CHARS = 64;
/**
 * Meta's `_fbp` and `_fbc` cookies: `fb.<subdomain index>.<creation ms>.<random or fbclid>`. Anything else is not
 * theirs (or was edited) and is not sent on.
 */
const FB_COOKIE = /^fb\.\d\.\d{10,16}\.[A-Za-z0-9_.-]{1,240}$/;

const fbCookie = (value: string | undefined) => (value && FB_COOKIE.test(value) ? value : null);

/** The page the conversion happened on, only when it is one of the site's own: a stranger's URL is not passed on. */
function ownPage(url: string | undefined, env: Env): string | null {
  if (!url) return null;
  const origins = [env.publicConfig.publicOrigin, env.publicConfig.portalOrigin].map((o) => new URL(o).origin);
  try {
    return origins.includes(new URL(url).origin) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The stored conversion (decision 0095): the form's fields, the ids the ad platforms match the browser's event by,
 * and the visitor's consent as the `agency_consent` cookie says when the event came.
 */
export function conversionRow(c: Context, data: Conversion, env: Env): Row {
  const consent = consentFromCookies(c.req.header('cookie'));
  return {
    eventType: data.eventType,
    userData: data.userData,
    customData: data.customData,
    // An older remote sends none: the server's event then cannot pair with the browser's, but still counts once.
    eventId: data.eventId ?? randomUUID(),
    eventSourceUrl: ownPage(data.eventSourceUrl, env),
    gaClientId: data.ga?.clientId ?? null,
    gaSessionId: data.ga?.sessionId ?? null,
    fbp: fbCookie(getCookie(c, '_fbp')),
    fbc: fbCookie(getCookie(c, '_fbc')),
    clientAddress: clientIp(c, env.trustedProxies).slice(0, ADDRESS_CHARS),
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_CHARS) ?? null,
    adsConsent: consent?.ads ?? false,
    analyticsConsent: consent?.analytics ?? false,
  };
}

/**
 * The platforms a conversion is queued for: configured ones only, and only with the visitor's consent. Every
 * server-side event needs ads consent (the banner says so); GA4 is also analytics, so it needs that too, and the
 * browser's GA client id, without which Google cannot join it to a visit (then it is not queued at all).
 */
export function platformsFor(row: Row, platforms: Env['adPlatforms']): AdPlatform[] {
  if (!row.adsConsent) return [];
  const out: AdPlatform[] = [];
  if (platforms.meta) out.push('meta');
  if (platforms.ga4 && row.analyticsConsent && row.gaClientId) out.push('ga4');
  return out;
}
