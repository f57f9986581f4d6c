import { Hono } from 'hono';
import type { ServerSampleKind } from '../../platform/db';
import type { Env } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../ops';
import { visitorRelease, type LivePointer, type PageTokens, type AssetUrls } from '../releases';
import type { ContentPages } from './content-pages';
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
  /** A preview link's page data (decision 0063), asked for with the visitor's cookie; null: the 404 page. */
  preview: PreviewLoader;
}

/**
 * Everything that is not /api: the sitemap, feed and robots.txt; files (the versioned remote builds, the shell's
 * assets, media, uploaded images, root files); then the pointer document and the shell's HTML for every route of the
 * route table (404 with the same shell for anything else), which answer every path left.
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
  const visitor = visitorRelease(live, origin.startsWith('https:'));
  const builder = pageBuilder({ env, logger, metrics, content, observe, remotes: stored.remotes, assets });
  const app = new Hono()
    .route('/', sitemapRoutes({ origin, content }))
    .route('/', fileRoutes(env, stored))
    .route(
      '/',
      pageRoutes({
        builder,
        visitor,
        tokens,
        trustedProxies: env.trustedProxies,
        logger,
        preview: content.preview,
      }),
    );
  return Object.assign(app, { close: builder.close, warm: builder.warm });
}
