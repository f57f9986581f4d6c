import type { PublicRuntimeConfig } from './config';
import type { RemoteName } from './remotes';

/**
 * Server rendering (decision 0013). Each frontend may ship a server build beside its browser build, at this
 * path inside its build directory: it is published and versioned with the browser build it was made from, so
 * the HTML a server renders always matches the code the browser hydrates it with. The gateway never serves it.
 */
export const SERVER_BUILD_FILE = 'ssr/server.cjs';

/** What a remote's server build exports. `Component` is a React component taking RemotePageProps. */
export interface RemoteServerBuild<Component = unknown> {
  /**
   * The exposed page modules by their `exposes` name. `publicPath` is where the browser build is served from
   * (`/mfe/<name>/<version>/`), so asset URLs in the HTML are the ones the browser build uses.
   */
  pages(publicPath: string): Record<string, Component>;
}

export interface ServerPageInput<Component = unknown> {
  /** Absolute URL of the page: the public origin and the path (pages depend on nothing else but `data`). */
  url: string;
  config: PublicRuntimeConfig;
  /** The route's remote page, from that remote's server build. */
  page: { remote: RemoteName; module: string; component: Component };
  /** The page's content by key (page-data.ts), as its public API calls answered; the browser gets the same. */
  data?: Record<string, unknown>;
}

/** What the shell's server build exports. */
export interface ShellServerBuild<Component = unknown> {
  /**
   * The modules a remote's server build imports from the shell instead of bundling them: the federation
   * singletons (SHARED_SINGLETONS), by import name, so the whole page renders with one React and one router.
   */
  shared: Record<string, unknown>;
  /** The markup of the shell's root element for the request, or null when the URL is not a page to render. */
  render(input: ServerPageInput<Component>): Promise<string | null>;
}

/**
 * Before the code has taken a server-rendered page over, its buttons do nothing (decision 0016). The gateway's
 * inline starter remembers the last click a visitor makes before then: on an element carrying `attribute`, it is
 * kept under `window[global]` as `{ el, at }` (`at` is the event's timeStamp); any other click clears it. Once the
 * shell's header is live, the shell clicks that element again and sets `window[done]`, which stops the recording.
 * Only the shell's own controls carry the attribute: the shell hydrates them first, together.
 */
export const EARLY_CLICK = {
  attribute: 'data-early-click',
  global: '__agencyEarlyClick',
  done: '__agencyEarlyClickDone',
} as const;
