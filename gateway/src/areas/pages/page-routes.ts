import { Hono, type Context } from 'hono';
import { findRoute, POINTER_PATH, RUM_TOKEN_TIMING, siteOfRoute } from '@agency/contracts';
import type { Sites } from '../../platform/http/sites';
import { PREVIEW_PARAM } from '../content';
import { clientIp, networkKey } from '../../platform/http/client-ip';
import type { Logger } from '../../platform/logger';
import { nameRoute } from '../ops';
import type { VisitorRelease, PageTokens } from '../releases';
import { pickEncoding } from '../../platform/files/compression';
import type { Caching, PageAnswer, PageBuilder } from './page-builder';
import { etagOf, notModified } from '../../platform/files/encoded-page';
import { PAGE_CACHE_CONTROL } from './page-cache';
import { dependencyFailure, outageResponse } from '../../platform/dependencies';
import type { CrossSite } from './cross-site';

/** A preview link's page data: what the page of `path` shows for `token`, or null when the link does not open it. */
export type PreviewLoader = (path: string, token: string) => Promise<Record<string, unknown> | null>;

/** The one route a preview link opens: a post at its own address. */
const PREVIEW_ROUTE = '/blog/:slug';

const CACHE_CONTROL: Record<Caching, string> = {
  public: PAGE_CACHE_CONTROL,
  // A canary runs: the page names the versions of this visitor's bucket, so no shared cache may hand it to another.
  private: 'private, no-cache',
  none: 'no-store',
};

/**
 * What a visitor gets of the live release over HTTP: the pointer document, and the shell's HTML for every route of
 * the route table (404 with the same shell for anything else), with its caching headers, its ETag and this page
 * load's measurement token. Registered last: its catch-all answers every path no other route took.
 */
export function pageRoutes({
  builder,
  sites,
  crossSite,
  visitor,
  tokens,
  trustedProxies,
  logger,
  preview,
}: {
  builder: PageBuilder;
  sites: Sites;
  /** Where a page of the other site is sent (cross-site.ts). */
  crossSite: CrossSite;
  visitor: (c: Context) => Promise<VisitorRelease>;
  /** Mints each page document's measurement token (areas/releases/page-token.ts). */
  tokens: PageTokens;
  /** Who the client is behind the configured proxies: a token is bound to the network that loaded its page. */
  trustedProxies: ReadonlySet<string>;
  logger: Logger;
  preview?: PreviewLoader;
}) {
  /**
   * This page load's measurement token, bound to the versions and the bucket it was served with and the network it
   * was served to: in a header, so the page's bytes stay the same for everyone (and cached as they are). None when
   * the key cannot be read.
   */
  async function pageToken(c: Context, visit: PageAnswer['visit']): Promise<string | undefined> {
    if (!visit) return undefined;
    try {
      return await tokens.mint(visit.pointer, visit.bucket, networkKey(clientIp(c, trustedProxies)));
    } catch (error) {
      logger.warn('page token unavailable; this page load is not measured', { error: String(error) });
      return undefined;
    }
  }

  function respond(c: Context, { page, caching }: PageAnswer, token: string | undefined) {
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': CACHE_CONTROL[caching],
      Vary: 'Accept-Encoding',
    };
    // On a 304 too: the browser then keeps the page it has, under this new page load's token.
    if (token) headers['Server-Timing'] = `${RUM_TOKEN_TIMING};desc="${token}"`;
    if (page.status === 200) {
      headers.ETag = etagOf(page, encoding);
      if (notModified(page, c.req.header('if-none-match'))) return c.body(null, 304, headers);
    }
    const body = page.bodies[encoding ?? 'identity'];
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    return c.body(body, page.status, headers);
  }

  return new Hono()
    .get(POINTER_PATH, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await visitor(c)).variant.pointer);
    })
    .get('*', async (c) => {
      const route = findRoute(c.req.path);
      // One label per page of the route table (`/blog/:slug`), and one for every path that is none.
      nameRoute(c, route?.path ?? 'page_not_found');
      // Each page is served by its own site (decision 0077): the portal's four on the portal, every other one (and
      // the 404 page) on the public site. A page asked of the other site is sent there.
      const site = sites.of(c);
      if (siteOfRoute(route) !== site) return crossSite.redirect(c, site);
      const token = c.req.query(PREVIEW_PARAM);
      if (preview && token !== undefined && route?.path === PREVIEW_ROUTE) {
        // A preview link (decision 0063): built for this request alone, never from or into the page cache, kept by
        // no cache (no-store) and by no search engine, whoever asks; the draft only with a valid link.
        c.header('X-Robots-Tag', 'noindex, nofollow');
        try {
          const answer = await builder.previewFor(
            route,
            c.req.path,
            () => visitor(c),
            (path) => preview(path, token),
          );
          return respond(c, answer, undefined);
        } catch (error) {
          const failure = dependencyFailure(error);
          if (failure) return outageResponse(failure, 'text');
          logger.warn('preview page failed', { error: String(error) });
          return c.text('The preview could not be shown. Please try again.', 503, { 'Cache-Control': 'no-store' });
        }
      }
      try {
        const answer = await builder.pageFor(
          site,
          route,
          c.req.path,
          () => visitor(c),
          new URL(c.req.url).searchParams,
        );
        return respond(c, answer, await pageToken(c, answer.visit));
      } catch (error) {
        const failure = dependencyFailure(error);
        if (failure) return outageResponse(failure, 'text');
        logger.error('page failed', { path: c.req.path, error: String(error) });
        return c.text('The site is not built yet: run `pnpm build`.', 503);
      }
    });
}
