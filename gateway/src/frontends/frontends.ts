import { Hono, type Context } from 'hono';
import path from 'node:path';
import {
  CONTENT_IMAGE_PATH,
  findRoute,
  isContentImageUrl,
  notFoundRoute,
  POINTER_PATH,
  RemoteNameSchema,
  RUM_TOKEN_TIMING,
  SERVER_BUILD_FILE,
  type RemotePointer,
  type RouteDef,
} from '@agency/contracts';
import type { ServerSampleKind } from '../db';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { nameRoute, type Metrics } from '../ops/metrics';
import { pickEncoding } from './compression';
import { createHtmlRenderer, headFor } from './html';
import type { LivePointer, PointerVariant } from '../releases/live-pointer';
import { releaseBucket } from '../releases/bucket';
import type { PageTokens } from '../releases/page-token';
import {
  createPageCache,
  encodePage,
  etagOf,
  notModified,
  PAGE_CACHE_CONTROL,
  type Built,
  type Page,
} from './page-cache';
import { createServerRenderer, type RenderOutcome } from './server-render';
import type { ContentPages, PageContent } from './content-pages';
import { feedXml, robotsTxt, sitemapXml, type Listing } from './sitemap';
import { serveFile } from './static-files';

/** The server builds are published with the browser builds but run only in the gateway: never served. */
const SERVER_BUILD_DIR = path.dirname(SERVER_BUILD_FILE).toLowerCase();
const isServerBuild = (segment: string | undefined) => segment?.toLowerCase() === SERVER_BUILD_DIR;
/** Every route's page in every encoding is under 1 MB today; this only guards against the unexpected. */
const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** How much longer than a render's deadline a request waits for it (a render queued behind another, say). */
const RENDER_WAIT_MARGIN_MS = 250;

export interface FrontendContent {
  pages: ContentPages;
  /** The content version every page showing content is cached under (content/write.ts). */
  version: () => Promise<string>;
  /** Published posts and active case studies, for the sitemap and the feed. */
  listing: () => Promise<Listing>;
}

/** A page whose content could not be read goes out without it (the browser fetches it) and is built again soon. */
const CONTENT_RETRY_MS = 5_000;

/** How a page answer may be kept: by anyone (edge caches too), by the visitor's browser only, or not at all. */
type Caching = 'public' | 'private' | 'none';

interface PageAnswer {
  page: Page;
  caching: Caching;
  /** The pointer and bucket this visitor's page was served with; none when the release state was unreadable. */
  visit?: { pointer: RemotePointer; bucket: number | undefined };
}
const CACHE_CONTROL: Record<Caching, string> = {
  public: PAGE_CACHE_CONTROL,
  // A canary runs: the page names the versions of this visitor's bucket, so no shared cache may hand it to another.
  private: 'private, no-cache',
  none: 'no-store',
};

/**
 * Everything that is not /api: the pointer document, the versioned remote builds, the shell's assets and
 * the shell's HTML for every route of the route table (404 with the same shell for anything else).
 */
export function frontends({
  env,
  live,
  logger,
  metrics,
  content,
  tokens,
  observe,
}: {
  env: Env;
  /** The release state (live-pointer.ts), shared with the measurements endpoint. */
  live: () => Promise<LivePointer>;
  logger: Logger;
  metrics: Metrics;
  content: FrontendContent;
  /** Mints each page document's measurement token (releases/page-token.ts). */
  tokens: PageTokens;
  /** Server renders' outcomes as the gateway's own evidence about a version (releases/server-samples.ts). */
  observe: (remote: string, version: string, kind: ServerSampleKind) => void;
}) {
  const renderHtml = createHtmlRenderer(env.shellDir, env.publicConfig);
  const serverRender = env.serverRender
    ? createServerRenderer({
        shellDir: env.shellDir,
        remotesDir: env.remotesDir,
        config: env.publicConfig,
        deadlineMs: env.serverRenderDeadlineMs,
        maxHeapMb: env.serverRenderMaxHeapMb,
        nodeEnv: env.nodeEnv,
        logger,
        events: {
          rendered: (remote, version) => {
            metrics.recordServerRender(remote, version, 'ok');
            observe(remote, version, 'render');
          },
          failed: (remote, version, reason, repeated) => {
            metrics.recordServerRender(remote, version, reason);
            if (repeated) observe(remote, version, 'render-failure');
          },
        },
      })
    : null;
  void serverRender?.warm();
  const pages = createPageCache({ maxBytes: PAGE_CACHE_MAX_BYTES });
  metrics.watchPageCache(pages.stats);
  let liveState: string | undefined;
  const secureCookies = env.publicConfig.publicOrigin.startsWith('https:');
  /** The live release state and this visitor's pointer in it (a bucket is given out while a canary runs). */
  async function visitorPointer(
    c: Context,
  ): Promise<{ current: LivePointer; variant: PointerVariant; bucket: number | undefined }> {
    const current = await live();
    const bucket = releaseBucket(c, current.canaryRunning, secureCookies);
    const variant = current.canaryRunning && bucket !== undefined ? current.forBucket(bucket) : current;
    return { current, variant, bucket };
  }
  let liveContent: string | undefined;
  // Renders for the live pointer; a deploy or rollback calls off those still running or waiting for a thread.
  let liveRenders = new AbortController();

  /**
   * A page's HTML, encoded; `pointer` undefined when the remote store could not be read. `path` is the URL's path
   * (a content route's own), `shown` the content the page shows, when it shows any.
   */
  async function buildPage(
    route: RouteDef | undefined,
    pointer: RemotePointer | undefined,
    path = route?.path ?? '',
    shown?: PageContent,
  ): Promise<Built> {
    const origin = env.publicConfig.publicOrigin;
    const head = !route
      ? { ...notFoundRoute, keywords: [] }
      : shown
        ? content.pages.head(route, path, shown.data)
        : headFor(route, origin);
    // Protected routes send signed-out visitors to /auth, so their remote is not hinted.
    const manifest = route && !route.roles ? pointer?.remotes[route.owner]?.entry : undefined;
    const make = async (outcome: RenderOutcome | null): Promise<Built> => ({
      page: await encodePage(
        await renderHtml({
          head,
          pointer,
          manifest,
          rendered: outcome?.kind === 'rendered' ? outcome.rendered : null,
          data: shown?.data,
        }),
        route ? 200 : 404,
      ),
      refreshAt: outcome?.kind === 'failed' ? outcome.retryAt : Infinity,
    });
    if (!route || !serverRender || !pointer) return make(null);

    const rendering = serverRender.render(route, pointer, liveRenders.signal, { path, data: shown?.data });
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      rendering,
      new Promise<null>(
        (resolve) => (timer = setTimeout(resolve, env.serverRenderDeadlineMs + RENDER_WAIT_MARGIN_MS, null)),
      ),
    ]);
    clearTimeout(timer);
    if (waited) return make(waited);
    // Still rendering (waiting behind another render): this visitor gets the page the browser renders, and the
    // rendered one replaces it once it is done.
    return { ...(await make(null)), later: rendering.then(make) };
  }

  /** The page of a staff-edited item or list: its content read through the public API, or the shared 404 page. */
  async function buildContentPage(
    route: RouteDef,
    pointer: RemotePointer | undefined,
    path: string,
    pointerKey: string,
  ): Promise<Built> {
    let shown: PageContent;
    try {
      shown = await content.pages.load(path);
    } catch (error) {
      logger.warn('page content unreadable; the page goes out without it', { path, error: String(error) });
      return { ...(await buildPage(route, pointer)), refreshAt: Date.now() + CONTENT_RETRY_MS };
    }
    if (shown.missing) {
      const page = await pages.get({ route: '404', pointer: pointerKey }, () => buildPage(undefined, pointer));
      return { page, refreshAt: Infinity, keep: false as const };
    }
    return buildPage(route, pointer, path, shown);
  }

  /**
   * The built page for a path (or the 404 page) under the visitor's pointer (the live one, or with the canaries of
   * their bucket) and, where it shows any, the live content.
   */
  async function pageFor(c: Context, route: RouteDef | undefined, rawPath: string): Promise<PageAnswer> {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    let visitor;
    let version: string | undefined;
    const needsContent = route !== undefined && content.pages.needsContent(path);
    try {
      [visitor, version] = await Promise.all([visitorPointer(c), needsContent ? content.version() : undefined]);
    } catch (error) {
      // The store's state file or the database cannot be read: the page goes out without the inline pointer or
      // its content (the shell fetches them) and is not kept anywhere.
      logger.warn('remote store or content unreadable', { error: String(error) });
      return { page: (await buildPage(route, undefined)).page, caching: 'none' };
    }
    const { current, variant, bucket } = visitor;
    if (current.state !== liveState) {
      // A deploy, canary, promotion, abort or rollback (or the first request): pages of pointers no visitor gets any
      // more go, and failed renders may retry.
      liveState = current.state;
      pages.retain((key) => current.variantKeys.has(key.pointer));
      serverRender?.forgetFailures();
      liveRenders.abort();
      liveRenders = new AbortController();
    }
    if (version !== undefined && version !== liveContent) {
      // Content changed (a write here or on another gateway, or a scheduled post's time came): pages showing older
      // content go; the others stay.
      liveContent = version;
      pages.retain((key) => key.content === undefined || key.content === version);
    }
    const page = await pages.get(
      { route: route?.content ? path : (route?.path ?? '404'), pointer: variant.key, content: version },
      () =>
        route && needsContent
          ? buildContentPage(route, variant.pointer, path, variant.key)
          : buildPage(route, variant.pointer),
    );
    return { page, caching: current.canaryRunning ? 'private' : 'public', visit: { pointer: variant.pointer, bucket } };
  }

  /**
   * This page load's measurement token, bound to the versions and the bucket it was served with: in a header, so
   * the page's bytes stay the same for everyone (and cached as they are). None when the key cannot be read.
   */
  async function pageToken(visit: PageAnswer['visit']): Promise<string | undefined> {
    if (!visit) return undefined;
    try {
      return await tokens.mint(visit.pointer, visit.bucket);
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

  const app = new Hono();

  app.get(POINTER_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await visitorPointer(c)).variant.pointer);
  });

  app.get('/mfe/:name/:version/*', async (c) => {
    const name = RemoteNameSchema.safeParse(c.req.param('name'));
    const version = c.req.param('version');
    if (!name.success || !/^[\w.-]+$/.test(version) || version.startsWith('.')) return c.notFound();
    // Decided on the resolved file: inside this very version's folder, and not its server build.
    const allow = (file: string) => {
      const [remote, inVersion, first] = file.split('/');
      return remote === name.data && inVersion === version && !isServerBuild(first);
    };
    const file = await serveFile(
      env.remotesDir,
      c.req.path.slice('/mfe/'.length),
      c.req.header('accept-encoding'),
      allow,
    );
    return file ?? c.notFound();
  });

  // Both list what is published now, built once per content version (their cost grows with the posts; a request
  // for them costs one read of the version); a proxy may keep them five minutes.
  const listed = new Map<'sitemap' | 'feed', { version: string; xml: Promise<string> }>();
  const listingXml = async (kind: 'sitemap' | 'feed') => {
    const version = await content.version();
    let entry = listed.get(kind);
    if (entry?.version !== version) {
      const xml = content
        .listing()
        .then((l) => (kind === 'sitemap' ? sitemapXml : feedXml)(env.publicConfig.publicOrigin, l));
      entry = { version, xml };
      listed.set(kind, entry);
      xml.catch(() => listed.get(kind) === entry && listed.delete(kind));
    }
    return entry.xml;
  };
  app.get('/sitemap.xml', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(await listingXml('sitemap'), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  app.get('/blog/feed.xml', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(await listingXml('feed'), 200, { 'Content-Type': 'application/atom+xml; charset=utf-8' });
  });

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(env.publicConfig.publicOrigin));
  });

  // Images staff uploaded for content: only names the upload made (content-images.ts), from outside the web root.
  app.get('/content-images/:file', async (c) => {
    const name = c.req.param('file');
    if (!isContentImageUrl(CONTENT_IMAGE_PATH + name)) return c.notFound();
    return (await serveFile(env.contentImagesDir, name, c.req.header('accept-encoding'))) ?? c.notFound();
  });

  app.get(
    '/media/*',
    async (c) =>
      (await serveFile(env.mediaDir, c.req.path.slice('/media/'.length), c.req.header('accept-encoding'))) ??
      c.notFound(),
  );

  // The shell's browser build: only what is inside its assets folder (never its template or its server build).
  app.get(
    '/assets/*',
    async (c) =>
      (await serveFile(env.shellDir, c.req.path.slice(1), c.req.header('accept-encoding'), (file) =>
        file.startsWith('assets/'),
      )) ?? c.notFound(),
  );

  app.get('*', async (c) => {
    const route = findRoute(c.req.path);
    if (!route && /^\/[\w.-]+\.\w+$/.test(c.req.path)) {
      // A file the shell ships at its root (favicon) before the 404 page; the template is only ever a page.
      const file = await serveFile(
        env.shellDir,
        c.req.path.slice(1),
        c.req.header('accept-encoding'),
        (resolved) => !resolved.includes('/') && resolved.toLowerCase() !== 'index.html',
      );
      if (file) {
        nameRoute(c, 'root_file');
        return file;
      }
    }
    // One label per page of the route table (`/blog/:slug`), and one for every path that is none.
    nameRoute(c, route?.path ?? 'page_not_found');
    try {
      const answer = await pageFor(c, route, c.req.path);
      return respond(c, answer, await pageToken(answer.visit));
    } catch {
      return c.text('The site is not built yet: run `pnpm build`.', 503);
    }
  });

  return app;
}
