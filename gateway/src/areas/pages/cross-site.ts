import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SIGNED_IN_COOKIE, SIGNED_IN_HINT_PATH, siteOfPath, type Site } from '@agency/contracts';
import { SESSION_LIMITS } from '../../platform/sessions/session-policy';
import type { Sites } from '../../platform/http/sites';

/** As long as the longest session (a client's): a hint that outlives its session is corrected on the next visit. */
const HINT_MAX_AGE_S = SESSION_LIMITS.client.absoluteMs / 1000;
const MAX_NEXT = 2000;

/** A path of the site to go on to (never another host: `//x`, `/\\x`), else the home page. */
function safePath(next: string | undefined, origin: string): URL {
  const url = next && next.length <= MAX_NEXT && next.startsWith('/') ? new URL(next, origin) : undefined;
  return url?.origin === new URL(origin).origin ? url : new URL('/', origin);
}

/**
 * Navigations between the public site and the portal (decision 0077). A page asked of the site that does not serve
 * it goes to the other; from the portal it goes by the public site's hint page, which sets or clears the public
 * site's `signed-in` hint (no secret: it only decides what the header shows) as the portal's own hint says. A cookie
 * is only ever set by its own host, and a top-level navigation sets it whatever the browser's third-party rules.
 */
export function crossSite(sites: Sites) {
  const publicOrigin = sites.origin('public');
  const portalOrigin = sites.origin('portal');
  const secure = publicOrigin.startsWith('https:');

  return {
    /** A page of the other site: 302 there, with its path and query. */
    redirect(c: Context, asked: Site) {
      const url = new URL(c.req.url);
      const target = url.pathname + url.search;
      c.header('Cache-Control', 'no-store');
      if (asked === 'public') return c.redirect(portalOrigin + target, 302);
      const state = getCookie(c, SIGNED_IN_COOKIE) === '1' ? '1' : '0';
      return c.redirect(`${publicOrigin}${SIGNED_IN_HINT_PATH}?state=${state}&next=${encodeURIComponent(target)}`, 302);
    },

    /** The public site's hint page: sets or clears the hint, then 303 to `next` (on the site that serves it). */
    hint(c: Context) {
      if (sites.of(c) !== 'public') return c.notFound();
      const next = safePath(c.req.query('next'), publicOrigin);
      const on = c.req.query('state') === '1';
      setCookie(c, SIGNED_IN_COOKIE, on ? '1' : '', {
        path: '/',
        sameSite: 'Lax',
        secure,
        httpOnly: false,
        maxAge: on ? HINT_MAX_AGE_S : 0,
      });
      const origin = siteOfPath(next.pathname) === 'portal' ? portalOrigin : '';
      c.header('Cache-Control', 'no-store');
      return c.redirect(origin + next.pathname + next.search, 303);
    },
  };
}

export type CrossSite = ReturnType<typeof crossSite>;
