import path from 'node:path';
import { z } from 'zod';
import {
  remoteScope,
  routes,
  siteOfRemote,
  type RemoteName,
  type Site,
  SERVER_BUILD_FILE,
  type PublicRuntimeConfig,
  type RemotePointer,
  type RouteDef,
} from '@agency/contracts';
import { exists } from '../../platform/files/exists';
import { originOf } from '../../platform/http/sites';
import type { Logger } from '../../platform/logger';
import type { AssetUrls } from '../releases';
import {
  createRenderPool,
  MAX_MARKUP_BYTES,
  type RenderFailure,
  type WarmRemote,
} from '../../platform/render/render-pool';
import type { SandboxPolicy } from '../../platform/render/sandbox-process';
import { tag } from './tags';

export interface ServerRendered {
  /** Markup for the shell's root element. */
  root: string;
  /** Tags for the head: the page module's stylesheets and the resource hints React rendered. */
  head: string[];
}

export type RenderOutcome =
  | { kind: 'rendered'; rendered: ServerRendered }
  /** Nothing to render on the server (a protected page, a remote served elsewhere, no server build): final. */
  | { kind: 'browser' }
  /** The render failed or is backing off: render in the browser, and try again at `retryAt`. */
  | { kind: 'failed'; retryAt: number };

export interface RenderEvents {
  rendered(remote: string, version: string): void;
  /** `repeated`: the same page of that version had failed before (this was its retry), so it is not the moment's. */
  failed(remote: string, version: string, reason: RenderFailure, repeated: boolean): void;
  /** A render process was started (with the shell's server build). */
  processStarted?(): void;
}

/** What a render reads of a stored version's `mf-manifest.json`: each exposed module's stylesheets. */
const ManifestSchema = z.object({
  exposes: z
    .array(
      z.object({
        name: z.string(),
        assets: z.object({ css: z.object({ sync: z.array(z.string()).optional() }).optional() }).optional(),
      }),
    )
    .optional(),
});

/** A failing route and version is tried again after 10 s, then 20 s, 40 s ... at most 5 minutes. */
const BACKOFF = { firstMs: 10_000, maxMs: 5 * 60_000 };

export interface ServerRendererOptions {
  shellDir: string;
  /** The stored versions' manifests and server builds (remote-files.ts). */
  remotes: {
    read(name: RemoteName, version: string, file: string): Promise<Buffer | null>;
    serverBuild(name: RemoteName, version: string): Promise<string | null>;
  };
  /** Where browsers load the remotes' files (the page's stylesheet links, the remote's public path). */
  assets: AssetUrls;
  /** The config each site's pages embed (platform/http/sites.ts): a page renders as the site that serves it does. */
  config: (site: Site) => PublicRuntimeConfig;
  deadlineMs: number;
  maxHeapMb: number;
  nodeEnv: string;
  /** Whether team code needs namespaces to run (TEAM_CODE_SANDBOX, decision 0073). */
  sandbox: SandboxPolicy;
  logger: Logger;
  events: RenderEvents;
  backoff?: { firstMs: number; maxMs: number };
  /** The remotes this gateway renders (not served from elsewhere): each gets a render process at start. */
  warmFor?: readonly RemoteName[];
}

/**
 * Server rendering of public pages (decisions 0013, 0022 and 0073): the shell's server build renders the page around
 * the remote page from the live version's server build, in a sandboxed process (render-pool.ts), and the browser hydrates
 * that markup. Anything missing or failing gives a page the browser renders, as before: server rendering only ever
 * makes the first paint earlier. The caller (the page cache) decides when a render happens: once per route and
 * live pointer.
 */
export function createServerRenderer(opts: ServerRendererOptions) {
  const backoff = opts.backoff ?? BACKOFF;
  const shellFile = path.resolve(opts.shellDir, SERVER_BUILD_FILE);
  const pool = createRenderPool({
    deadlineMs: opts.deadlineMs,
    maxHeapMb: opts.maxHeapMb,
    nodeEnv: opts.nodeEnv,
    sandbox: opts.sandbox,
    logger: opts.logger,
    onIdleCrash: (remote, version) => opts.events.failed(remote, version, 'crash', false),
    onStart: () => opts.events.processStarted?.(),
    // The warm-up render is a page of the public site, with its config.
    practice: { url: `${opts.config('public').publicOrigin}/`, config: opts.config('public') },
  });
  // Failures per route and remote version; a deploy or rollback clears them all (`forgetFailures`).
  const failures = new Map<string, { count: number; until: number }>();

  // Each remote's manifest, read once per version (the live one only).
  const manifests = new Map<string, { version: string; styles: Promise<Map<string, string[]>> }>();
  function stylesOf(remote: RemoteName, version: string, base: string) {
    const known = manifests.get(remote);
    if (known?.version === version) return known.styles;
    const read = { version, styles: styles(remote, version, base) };
    // A manifest that could not be read is read again next time.
    read.styles.catch(() => manifests.get(remote) === read && manifests.delete(remote));
    manifests.set(remote, read);
    return read.styles;
  }

  /** The stylesheet links of each exposed module, from the remote's manifest. */
  async function styles(remote: RemoteName, version: string, base: string): Promise<Map<string, string[]>> {
    const bytes = await opts.remotes.read(remote, version, 'mf-manifest.json');
    if (!bytes) throw new Error(`${remote} ${version} has no mf-manifest.json`);
    // One that does not parse throws: the page renders in the browser, and the manifest is read again next time.
    const manifest = ManifestSchema.parse(JSON.parse(bytes.toString('utf8')));
    // Absolute URLs: the federation runtime compares them with the ones it would add, and skips a stylesheet the
    // page already has instead of loading (and applying) it twice.
    const link = (file: string) => tag`<link rel="stylesheet" href="${base + file}" />`;
    return new Map(
      (manifest.exposes ?? []).map((e) => [e.name, (e.assets?.css?.sync ?? []).map((f) => String(link(f)))]),
    );
  }

  /**
   * `signal` calls the render off (the pointer it was for is no longer live). `page` is the path rendered (a content
   * route's own URL) and the content it shows.
   */
  async function render(
    route: RouteDef,
    pointer: RemotePointer | undefined,
    signal?: AbortSignal,
    page: { path: string; data?: Record<string, unknown> } = { path: route.path },
  ): Promise<RenderOutcome> {
    const target = pointer?.remotes[route.owner];
    // Only public pages, and only remotes this gateway serves itself (an override may point anywhere).
    if (route.roles || !target || !opts.assets.isStored(route.owner, target.version, target.entry))
      return { kind: 'browser' };
    const { version } = target;
    if (!(await exists(shellFile, 'file'))) return { kind: 'browser' };
    let remoteFile: string | null;
    try {
      remoteFile = await opts.remotes.serverBuild(route.owner, version);
    } catch {
      // Logged where it was fetched; the page renders in the browser and the fetch is tried again next time.
      return { kind: 'browser' };
    }
    if (!remoteFile) return { kind: 'browser' };

    const failureKey = `${route.path} ${route.owner}@${version}`;
    const failed = failures.get(failureKey);
    if (failed && failed.until > Date.now()) return { kind: 'failed', retryAt: failed.until };

    // The remote's public path (this gateway's /mfe/ or the asset base), and as an absolute URL for stylesheets.
    const config = opts.config(siteOfRemote(route.owner));
    const base = opts.assets.base(route.owner, version);
    const absoluteBase = new URL(base, originOf(config)).href;
    const log = { path: route.path, remote: remoteScope(route.owner), version };
    let pageStyles: string[];
    try {
      pageStyles = (await stylesOf(route.owner, version, absoluteBase)).get(route.module) ?? [];
    } catch (error) {
      opts.logger.warn('remote manifest unreadable; the page renders in the browser', { ...log, error: String(error) });
      return { kind: 'browser' };
    }
    const result = await pool.run(
      {
        shellFile,
        remote: { name: route.owner, version, file: remoteFile, publicPath: base },
        module: route.module,
        url: originOf(config) + page.path,
        config,
        data: page.data,
        maxBytes: MAX_MARKUP_BYTES,
      },
      signal,
    );
    if (!result.ok && result.reason === 'cancelled') return { kind: 'failed', retryAt: 0 };
    // This host runs no team code (its log and /readyz say why): the browser renders, as with SERVER_RENDER=off.
    if (!result.ok && result.reason === 'unavailable') return { kind: 'browser' };
    if (!result.ok) {
      const count = (failed?.count ?? 0) + 1;
      const until = Date.now() + Math.min(backoff.firstMs * 2 ** (count - 1), backoff.maxMs);
      failures.set(failureKey, { count, until });
      opts.events.failed(route.owner, version, result.reason, count > 1);
      opts.logger.warn('server render failed; the page renders in the browser', {
        ...log,
        reason: result.reason,
        cause: result.cause,
        // The remote's own words, cut and made plain (decision 0074): for an operator reading this log only.
        ...(result.excerpt ? { teamMessage: result.excerpt } : {}),
        retryInMs: until - Date.now(),
      });
      return { kind: 'failed', retryAt: until };
    }
    failures.delete(failureKey);
    if (result.markup === null) return { kind: 'browser' };
    opts.events.rendered(route.owner, version);
    // React writes resource hints (image preloads) ahead of the markup; they belong in the head.
    const hints = /^(?:<link [^>]*>)+/.exec(result.markup)?.[0] ?? '';
    return {
      kind: 'rendered',
      rendered: {
        root: result.markup.slice(hints.length),
        head: [...pageStyles, ...(hints.match(/<link [^>]*>/g) ?? [])],
      },
    };
  }

  /** `name` with its version in `pointer` when this gateway renders that version, else the name alone. */
  async function liveRemote(name: RemoteName, pointer: RemotePointer | undefined): Promise<WarmRemote | RemoteName> {
    const target = pointer?.remotes[name];
    if (!target || !opts.assets.isStored(name, target.version, target.entry)) return name;
    try {
      const file = await opts.remotes.serverBuild(name, target.version);
      if (!file) return name;
      const config = opts.config(siteOfRemote(name));
      // Its pages that render without content (a content page's markup depends on the item it shows).
      const practice = (routes as readonly RouteDef[])
        .filter((route) => route.owner === name && !route.roles && !route.content)
        .map((route) => ({ module: route.module, url: originOf(config) + route.path, config }));
      return { name, version: target.version, file, publicPath: opts.assets.base(name, target.version), practice };
    } catch {
      // Logged where it was fetched; its first render fetches it again.
      return name;
    }
  }

  return {
    render,
    /**
     * At start-up and on each change of the release state: a process per remote, with the shell's server build and
     * the live version's build (of `pointer`, when known) loaded, waits for its first render.
     */
    warm: async (pointer?: RemotePointer) => {
      if (!(await exists(shellFile, 'file'))) return;
      const remotes = await Promise.all((opts.warmFor ?? []).map((name) => liveRemote(name, pointer)));
      await pool.warm(shellFile, remotes);
    },
    /** A deploy or rollback: every route and version may render again at once. */
    forgetFailures: () => failures.clear(),
    close: () => pool.close(),
  };
}

export type ServerRenderer = ReturnType<typeof createServerRenderer>;
