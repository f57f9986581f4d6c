import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import {
  remoteScope,
  SERVER_BUILD_FILE,
  type PublicRuntimeConfig,
  type RemoteName,
  type RemotePointer,
  type RemoteServerBuild,
  type RouteDef,
  type ShellServerBuild,
} from '@agency/contracts';
import type { Logger } from '../logger';
import { escapeHtml } from './html';
import { remoteBaseUrl, remoteEntryUrl } from './remote-store';

export interface ServerRendered {
  /** Markup for the shell's root element. */
  root: string;
  /** Tags for the head: the page module's stylesheets and the resource hints React rendered. */
  head: string[];
}

interface RemoteBuild {
  pages: Record<string, unknown>;
  /** The stylesheet links of each exposed module. */
  styles: Map<string, string[]>;
}

interface Manifest {
  exposes?: { name: string; assets?: { css?: { sync?: string[] } } }[];
}

/**
 * A remote's server build is CommonJS whose federation singletons are left as `require()`s; they are answered
 * from the shell's server build, so the page renders with one React and one router, as in the browser.
 */
function evaluateRemote(code: string, file: string, shared: Record<string, unknown>): RemoteServerBuild {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
  }) as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  const requireShared = (name: string) => {
    if (name in shared) return shared[name];
    throw new Error(`${file} needs ${name}, which the shell's server build does not provide`);
  };
  wrapper(module.exports, requireShared, module, file, path.dirname(file));
  if (typeof module.exports.pages !== 'function') throw new Error(`${file} exports no pages()`);
  return module.exports as unknown as RemoteServerBuild;
}

/**
 * Server rendering of public pages (decision 0013): the shell's server build renders the page around the remote
 * page from the live version's server build, and the browser hydrates that markup. Anything missing or failing
 * (no server build, a remote served from elsewhere, a render error) gives `null`, and the page renders in the
 * browser as before: server rendering only ever makes the first paint earlier.
 */
export function createServerRenderer(opts: {
  shellDir: string;
  remotesDir: string;
  config: PublicRuntimeConfig;
  logger: Logger;
}) {
  const requireFile = createRequire(import.meta.url);
  let shell: ShellServerBuild | null | undefined;
  // The live version of each remote only: a deploy or rollback loads the new one and lets the old one go.
  const remotes = new Map<RemoteName, { version: string; build: Promise<RemoteBuild | null> }>();
  // Markup per route and live remote version: pages depend on nothing else (not the query, not the visitor), so
  // the cache is bounded by the route table. A failed render is kept too (as null): it would fail the same way.
  const cache = new Map<string, ServerRendered | null>();

  function loadShell(): ShellServerBuild | null {
    if (shell !== undefined) return shell;
    const file = path.resolve(opts.shellDir, SERVER_BUILD_FILE);
    try {
      shell = requireFile(file) as ShellServerBuild;
    } catch (error) {
      shell = null;
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND')
        opts.logger.warn('shell server build failed to load', { file, error: String(error) });
    }
    return shell;
  }

  async function loadRemote(
    shared: Record<string, unknown>,
    name: RemoteName,
    version: string,
  ): Promise<RemoteBuild | null> {
    const dir = path.resolve(opts.remotesDir, name, version);
    const file = path.join(dir, SERVER_BUILD_FILE);
    try {
      const [code, manifestText] = await Promise.all([
        readFile(file, 'utf8'),
        readFile(path.join(dir, 'mf-manifest.json'), 'utf8'),
      ]);
      const base = remoteBaseUrl(name, version);
      const pages = evaluateRemote(code, file, shared).pages(base);
      const manifest = JSON.parse(manifestText) as Manifest;
      // Absolute URLs: the federation runtime compares them with the ones it would add, and skips a stylesheet
      // the page already has instead of loading (and applying) it twice.
      const link = (file: string) =>
        `<link rel="stylesheet" href="${escapeHtml(opts.config.publicOrigin + base + file)}" />`;
      const styles = new Map((manifest.exposes ?? []).map((e) => [e.name, (e.assets?.css?.sync ?? []).map(link)]));
      return { pages, styles };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        opts.logger.warn('remote server build failed to load', { remote: name, version, error: String(error) });
      return null;
    }
  }

  return async function render(route: RouteDef, pointer: RemotePointer | undefined): Promise<ServerRendered | null> {
    const target = pointer?.remotes[route.owner];
    // Only public pages, and only remotes this gateway serves itself (an override may point anywhere).
    if (route.roles || !target || target.entry !== remoteEntryUrl(route.owner, target.version)) return null;
    const built = loadShell();
    if (!built) return null;
    const key = `${route.owner}/${target.version}${route.path}`;
    if (cache.has(key)) return cache.get(key)!;

    let remote = remotes.get(route.owner);
    if (remote?.version !== target.version) {
      remote = { version: target.version, build: loadRemote(built.shared, route.owner, target.version) };
      remotes.set(route.owner, remote);
      for (const old of cache.keys()) if (old.startsWith(`${route.owner}/`)) cache.delete(old);
    }
    const build = await remote.build;
    const component = build?.pages[route.module];
    if (!build || !component) return null;

    let markup: string | null;
    try {
      markup = await built.render({
        url: opts.config.publicOrigin + route.path,
        config: opts.config,
        page: { remote: route.owner, module: route.module, component },
      });
    } catch (error) {
      opts.logger.warn('server render failed', {
        path: route.path,
        remote: remoteScope(route.owner),
        version: target.version,
        error: String(error),
      });
      markup = null;
    }
    if (markup === null) {
      cache.set(key, null);
      return null;
    }
    // React writes resource hints (image preloads) ahead of the markup; they belong in the head.
    const hints = /^(?:<link [^>]*>)+/.exec(markup)?.[0] ?? '';
    const rendered = {
      root: markup.slice(hints.length),
      head: [...(build.styles.get(route.module) ?? []), ...(hints.match(/<link [^>]*>/g) ?? [])],
    };
    cache.set(key, rendered);
    return rendered;
  };
}
