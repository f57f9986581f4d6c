import {
  REMOTE_NAMES,
  notFoundHead,
  pageHead,
  structuredDataFor,
  withoutTrailingSlash,
  type HeadTag,
  type RemotePointer,
  type RouteDef,
  type Site,
} from '@agency/contracts';
import type { ServerSampleKind } from '../../platform/db';
import type { Env } from '../../platform/env';
import type { Sites } from '../../platform/http/sites';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../ops';
import type { VisitorRelease, AssetUrls } from '../releases';
import type { ContentPages, PageContent } from './content-pages';
import { createHtmlRenderer } from './html';
import { encodePage, type Page } from '../../platform/files/encoded-page';
import { createPageCache, type Built } from './page-cache';
import { createServerRenderer, type RenderOutcome, type ServerRendererOptions } from './server-render';

/** Every route's page in every encoding is under 1 MB today; this only guards against the unexpected. */
const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** How much longer than a render's deadline a request waits for it (a render queued behind another, say). */
const RENDER_WAIT_MARGIN_MS = 250;
/** A page whose content could not be read goes out without it (the browser fetches it) and is built again soon. */
const CONTENT_RETRY_MS = 5_000;

/** A preview's page is for the staff member who opened it, and the portal's for those signed in: never for a search engine. */
const NOINDEX: HeadTag = { tag: 'meta', attr: 'name', key: 'robots', content: 'noindex, nofollow' };

/** How a page answer may be kept: by anyone (edge caches too), by the visitor's browser only, or not at all. */
export type Caching = 'public' | 'private' | 'none';

export interface PageAnswer {
  page: Page;
  caching: Caching;
  /** The pointer and bucket this visitor's page was served with; none when the release state was unreadable. */
  visit?: { pointer: RemotePointer; bucket: number | undefined };
}

export interface PageBuilderDeps {
  env: Env;
  /** The public site and the portal: their origins and the config each one's pages embed (decision 0077). */
  sites: Sites;
  logger: Logger;
  metrics: Metrics;
  content: {
    pages: ContentPages;
    /** The content version every page showing content is cached under (areas/content/write.ts). */
    version: () => Promise<string>;
  };
  /** Server renders' outcomes as the gateway's own evidence about a version (areas/releases/server-samples.ts). */
  observe: (remote: string, version: string, kind: ServerSampleKind) => void;
  /** The stored versions' manifests and server builds, and where browsers load their files. */
  remotes: ServerRendererOptions['remotes'];
  assets: AssetUrls;
}

/**
 * Pages, built once per route, pointer variant and content version and kept (page-cache.ts): the shell's HTML with
 * the page's head, content and, where it renders on the server, its markup. A change of the release state (a deploy,
 * canary, promotion, abort or rollback) or of the content drops the pages it made stale and calls off renders for a
 * pointer no visitor gets any more. No HTTP here: the caller hands in the visitor's release.
 */
export function pageBuilder({ env, sites, logger, metrics, content, observe, remotes, assets }: PageBuilderDeps) {
  const renderers: Record<Site, ReturnType<typeof createHtmlRenderer>> = {
    public: createHtmlRenderer(env.shellDir, sites.config('public')),
    portal: createHtmlRenderer(env.shellDir, sites.config('portal')),
  };
  const serverRender = env.serverRender
    ? createServerRenderer({
        shellDir: env.shellDir,
        remotes,
        assets,
        config: sites.config,
        deadlineMs: env.serverRenderDeadlineMs,
        maxHeapMb: env.serverRenderMaxHeapMb,
        nodeEnv: env.nodeEnv,
        sandbox: env.teamCodeSandbox,
        warmFor: REMOTE_NAMES.filter((name) => !env.remoteUrls[name]),
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
          processStarted: () => metrics.recordRenderProcessStart(),
        },
      })
    : null;
  const pages = createPageCache({ maxBytes: PAGE_CACHE_MAX_BYTES });
  metrics.watchPageCache(pages.stats);
  let liveState: string | undefined;
  let liveContent: string | undefined;
  // Renders for the live pointer; a deploy or rollback calls off those still running or waiting for a thread.
  let liveRenders = new AbortController();

  /**
   * A page's HTML, encoded; `pointer` undefined when the remote store could not be read. `path` is the URL's path
   * (a content route's own), `shown` the content the page shows, when it shows any.
   */
  async function buildPage(
    site: Site,
    route: RouteDef | undefined,
    pointer: RemotePointer | undefined,
    path = route?.path ?? '',
    shown?: PageContent,
    extraHead: HeadTag[] = [],
    /** The route's `serverQuery` parameters present in the request: rendered with a placeholder value each. */
    present: readonly string[] = [],
  ): Promise<Built> {
    const origin = sites.origin(site);
    const data = shown?.data ?? {};
    const head = [
      ...(route ? pageHead(path, origin, data, structuredDataFor(path, origin, data)) : notFoundHead()),
      // The portal is for those who sign in: no search engine lists it (robots.txt and the sitemap are the public
      // site's alone).
      ...(site === 'portal' ? [NOINDEX] : []),
      ...extraHead,
    ];
    const renderHtml = renderers[site];
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

    const query = present.map((name) => `${name}=present`).join('&');
    const rendered = query ? `${path}?${query}` : path;
    const rendering = serverRender.render(route, pointer, liveRenders.signal, { path: rendered, data: shown?.data });
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
    site: Site,
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
      return { ...(await buildPage(site, route, pointer, path)), refreshAt: Date.now() + CONTENT_RETRY_MS };
    }
    if (shown.missing) {
      const page = await pages.get({ site, route: '404', pointer: pointerKey }, () =>
        buildPage(site, undefined, pointer),
      );
      return { page, refreshAt: Infinity, keep: false as const };
    }
    return buildPage(site, route, pointer, path, shown);
  }

  /** A change of the release state or of the content: the pages it made stale go. */
  function invalidate(current: VisitorRelease['current'], version: string | undefined) {
    if (current.state !== liveState) {
      // A deploy, canary, promotion, abort or rollback (or the first request): pages of pointers no visitor gets any
      // more go, and failed renders may retry.
      liveState = current.state;
      pages.retain((key) => current.variantKeys.has(key.pointer));
      serverRender?.forgetFailures();
      liveRenders.abort();
      liveRenders = new AbortController();
      // The live versions' builds are loaded ahead, so their first page is not the one that waits for that.
      void serverRender?.warm(current.pointer);
    }
    if (version !== undefined && version !== liveContent) {
      // Content changed (a write here or on another gateway, or a scheduled post's time came): pages showing older
      // content go; the others stay.
      liveContent = version;
      pages.retain((key) => key.content === undefined || key.content === version);
    }
  }

  /**
   * The built page for a path (or the 404 page) under the visitor's pointer (the live one, or with the canaries of
   * their bucket) and, where it shows any, the live content.
   */
  async function pageFor(
    site: Site,
    route: RouteDef | undefined,
    rawPath: string,
    visitor: () => Promise<VisitorRelease>,
    query?: URLSearchParams,
  ): Promise<PageAnswer> {
    const path = withoutTrailingSlash(rawPath);
    let release: VisitorRelease;
    let version: string | undefined;
    const needsContent = route !== undefined && content.pages.needsContent(path);
    try {
      [release, version] = await Promise.all([visitor(), needsContent ? content.version() : undefined]);
    } catch (error) {
      // The release state or the content cannot be read: the page goes out without the inline pointer or
      // its content (the shell fetches them) and is not kept anywhere.
      logger.warn('remote store or content unreadable', { error: String(error) });
      return { page: (await buildPage(site, route, undefined)).page, caching: 'none' };
    }
    const { current, variant, bucket, canaryRunning } = release;
    invalidate(current, version);
    // At most one page per set of the listed names: what a visitor adds to the query costs nothing more.
    const present = route?.serverQuery?.filter((name) => query?.has(name)) ?? [];
    const page = await pages.get(
      {
        site,
        route: route?.content ? path : (route?.path ?? '404'),
        pointer: variant.key,
        content: version,
        query: present.length ? present.join('&') : undefined,
      },
      () =>
        route && needsContent
          ? buildContentPage(site, route, variant.pointer, path, variant.key)
          : buildPage(site, route, variant.pointer, route?.path, undefined, [], present),
    );
    return { page, caching: canaryRunning ? 'private' : 'public', visit: { pointer: variant.pointer, bucket } };
  }

  /**
   * A preview link's page (decision 0063): the post `load` gives (a draft, a scheduled one) under the visitor's
   * pointer, or the shared 404 page when it gives none. Built for this request only: never read from or put in the
   * page cache, and never to be kept by anyone (`none`), nor indexed.
   */
  async function previewFor(
    route: RouteDef,
    rawPath: string,
    visitor: () => Promise<VisitorRelease>,
    load: (path: string) => Promise<Record<string, unknown> | null>,
  ): Promise<PageAnswer> {
    const path = withoutTrailingSlash(rawPath);
    const [{ variant, bucket, site }, data] = await Promise.all([visitor(), load(path)]);
    const visit = { pointer: variant.pointer, bucket };
    if (!data) {
      const page = await pages.get({ site, route: '404', pointer: variant.key }, () =>
        buildPage(site, undefined, variant.pointer),
      );
      return { page, caching: 'none', visit };
    }
    const built = await buildPage(site, route, variant.pointer, path, { data, missing: false }, [NOINDEX]);
    return { page: built.page, caching: 'none', visit };
  }

  return {
    pageFor,
    previewFor,
    /** What the cache holds now (the figures /metrics reports). */
    stats: pages.stats,
    /**
     * Has render processes load the shell's server build and, given the live pointer, its versions' builds (done at
     * creation and on each release change; again after the shell changed).
     */
    warm: async (pointer?: RemotePointer) => serverRender?.warm(pointer),
    /** Ends the render processes (a stopping gateway, a test's end). */
    close: async () => serverRender?.close(),
  };
}

export type PageBuilder = ReturnType<typeof pageBuilder>;
