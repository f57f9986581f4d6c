import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { PORTAL_REMOTES, siteOfRemote, type RemoteName, type Site } from '@agency/contracts';
import type { Env } from '../env';
import { sites } from './sites';

/** Origin of an absolute URL; site-relative paths are covered by 'self'. */
const originOf = (url: string | undefined): string[] => {
  if (!url || !/^https?:\/\//.test(url)) return [];
  return [new URL(url).origin];
};

/** The contact page's embedded map. */
const MAP_ORIGIN = 'https://www.openstreetmap.org';
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};
const PIXEL = {
  script: ['https://connect.facebook.net'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
};

/**
 * What pages may run inline: the CSP sources (`'sha256-...'`) of the inline scripts the page builder writes. Given
 * by the app, which knows both sides, so that http/ stays below the areas that make pages.
 */
export interface PagePolicy {
  inlineScripts: readonly string[];
}

/**
 * The Content-Security-Policy of a site's pages (decision 0077) allows that origin, the configured origins of the
 * site's own remotes and only the third parties its config switches on (the portal's: none); everything is computed
 * once at start-up from the validated env.
 */
export function contentSecurityPolicy(env: Env, page: PagePolicy, site: Site = 'public') {
  const pc = sites(env).config(site);
  const own = (name: string) => siteOfRemote(name as RemoteName) === site;
  // The site's remotes served from elsewhere, and the asset base (a CDN or public bucket) browsers load stored
  // versions from: for the portal, only the account remote's folder of it.
  const overrides = Object.entries(env.remoteUrls).flatMap(([name, url]) => (own(name) ? originOf(url) : []));
  const assetBase = !env.assetBaseUrl
    ? []
    : site === 'portal'
      ? PORTAL_REMOTES.map((name) => `${env.assetBaseUrl}/${name}/`)
      : originOf(env.assetBaseUrl);
  const remotes = [...overrides, ...assetBase];
  const analytics = pc.analyticsId ? ANALYTICS : { script: [], connect: [], img: [] };
  const pixel = pc.pixelId ? PIXEL : { script: [], connect: [], img: [] };
  // A chat product's embed script runs in this page and talks to its own origin: exactly that origin, no more.
  const chatbot = originOf(pc.chatbotScriptUrl);
  const uniq = (...lists: string[][]) => [...new Set(lists.flat())];
  const origin = site === 'portal' ? pc.portalOrigin : pc.publicOrigin;
  return {
    defaultSrc: ["'self'"],
    // No inline script but those the page builder names (the one that starts a server-rendered page's code), by hash.
    scriptSrc: uniq(["'self'", ...page.inlineScripts], remotes, analytics.script, pixel.script, chatbot),
    // Radix and React set inline style attributes (positions, aspect ratios).
    styleSrc: uniq(["'self'", "'unsafe-inline'"], remotes, chatbot),
    imgSrc: uniq(["'self'", 'data:', 'blob:'], remotes, analytics.img, pixel.img, chatbot),
    fontSrc: uniq(["'self'"], remotes, chatbot),
    connectSrc: uniq(["'self'"], remotes, analytics.connect, pixel.connect, chatbot),
    mediaSrc: uniq(
      ["'self'"],
      originOf(pc.audioUrl),
      originOf(pc.explainerVideoUrl),
      originOf(pc.aboutVideoUrl),
      originOf(pc.websiteCalculatorVideoUrl),
    ),
    // The contact page's map and the chat panel are the public site's.
    frameSrc: site === 'portal' ? ["'none'"] : uniq([MAP_ORIGIN], originOf(pc.chatbotEmbedUrl), chatbot),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(origin.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
  };
}

const hsts = (origin: string) => (origin.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false);

/** Pages and the files they load: the site's full policy. */
function pageSecurityHeaders(env: Env, page: PagePolicy, site: Site) {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(env, page, site),
    // Remotes may be served from another origin (a CDN) and load this origin's files too.
    crossOriginResourcePolicy: 'cross-origin',
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: hsts(sites(env).origin(site)),
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
}

/**
 * JSON answers and file downloads are never rendered as pages, so they get the short API set (OWASP REST
 * guidance): nothing may load from or frame them, no sniffing, and personal data is not cached unless a
 * route says otherwise. A third of the bytes of the page set, on the busiest answers.
 */
function apiSecurityHeaders(origin: string): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: hsts(origin),
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: 'DENY',
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return async (c, next) => {
    await headers(c, next);
    // In place, as secureHeaders does: c.header() on a finished answer copies the whole Response (a fifth of a
    // session read's time).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** Each site's headers, chosen by the host asked (platform/http/sites.ts). */
export function securityHeaders(env: Env, pagePolicy: PagePolicy): MiddlewareHandler {
  const site = sites(env);
  const page = {
    public: pageSecurityHeaders(env, pagePolicy, 'public'),
    portal: pageSecurityHeaders(env, pagePolicy, 'portal'),
  };
  const api = { public: apiSecurityHeaders(site.origin('public')), portal: apiSecurityHeaders(site.origin('portal')) };
  return (c, next) => (c.req.path.startsWith('/api/') ? api : page)[site.of(c)](c, next);
}
