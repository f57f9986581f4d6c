import { Hono } from 'hono';
import { SIGNED_IN_HINT_PATH } from '@agency/contracts';
import type { ServerSampleKind } from '../../platform/db';
import type { Env } from '../../platform/env';
import { sites as sitesOf } from '../../platform/http/sites';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../ops';
import { visitorRelease, type LivePointer, type PageTokens, type AssetUrls } from '../releases';
import type { ContentPages } from './content-pages';
import { crossSite } from './cross-site';
import { fileRoutes, type StoredFiles } from './file-routes';
import { pageBuilder } from './page-builder';
import { pageRoutes, type PreviewLoader } from './page-routes';
import type { Listing } from '../content';
import { sitemapRoutes } from './sitemap-routes';

export interface FrontendContent {
  pages: ContentPages;
  /** The content version every page showing content is cached under (areas/content/write.ts). */
  version: () => Promise<string>;
  /** Published posts and active case studies, for the sitemap and the feed. */
  listing: () => Promise<Listing>;
  /** A preview link's page data (decision 0063); null: the 404 page. */
  preview: PreviewLoader;
}

/**
 * Everything that is not /api: the sitemap, feed and robots.txt (the public site's); files (the versioned remote
 * builds, each on its own site, the shell's assets, media, uploaded images, root files); the public site's hint page;
 * then the pointer document and the shell's HTML for every route of the route table (404 with the same shell for
 * anything else), which answer every path left, each page on its own site (decision 0077).
 */
export function frontends({
  env,
  live,
  logger,
  metrics,
  content,
  tokens,
  observe,
  stored,
  assets,
}: {
  env: Env;
  /** The release state (areas/releases/live-pointer.ts), shared with the measurements endpoint. */
  live: () => Promise<LivePointer>;
  logger: Logger;
  metrics: Metrics;
  content: FrontendContent;
  /** Mints each page document's measurement token (areas/releases/page-token.ts). */
  tokens: PageTokens;
  /** Server renders' outcomes as the gateway's own evidence about a version (areas/releases/server-samples.ts). */
  observe: (remote: string, version: string, kind: ServerSampleKind) => void;
  /** Files kept in the object store: remote builds, content images (file-routes.ts). */
  stored: StoredFiles;
  /** Where browsers load the remotes' files from (areas/releases/asset-urls.ts). */
  assets: AssetUrls;
}) {
  const origin = env.publicConfig.publicOrigin;
  const sites = sitesOf(env);
  const across = crossSite(sites);
  const visitor = visitorRelease(live, sites);
  const builder = pageBuilder({ env, sites, logger, metrics, content, observe, remotes: stored.remotes, assets });
  const app = new Hono()
    // The portal is for those who sign in: nothing of it is for a search engine.
    .use(async (c, next) => {
      await next();
      if (sites.of(c) === 'portal') c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    })
    .route('/', sitemapRoutes({ origin, content, serves: (c) => sites.of(c) === 'public' }))
    .route('/', fileRoutes(env, stored, sites))
    .get(SIGNED_IN_HINT_PATH, (c) => across.hint(c))
    .route(
      '/',
      pageRoutes({
        builder,
        sites,
        crossSite: across,
        visitor,
        tokens,
        trustedProxies: env.trustedProxies,
        logger,
        preview: content.preview,
      }),
    );
  /** Render processes ready with the shell's and the live versions' server builds (the state unreadable: the shell's). */
  const warm = () =>
    live().then(
      (current) => builder.warm(current.pointer),
      () => builder.warm(),
    );
  void warm();
  return Object.assign(app, { close: builder.close, warm });
}
