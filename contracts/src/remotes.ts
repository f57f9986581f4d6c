// Zod-free on purpose: the shell imports this module, and anything it imports is on every page's first load.
// The schemas for these shapes live in schemas/remote-pointer.ts (which imports this module, never the reverse); the
// compiler holds each schema to its type here, and a contract test holds `parseRemotePointer` to the schema.

/** The independently deployed frontends the shell composes at run time. */
export const REMOTE_NAMES = ['marketing', 'quoting', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of each remote (a JS identifier, unique on the page). */
export const remoteScope = (name: RemoteName) => `agency_${name}` as const;

/** Where the gateway serves the pointer document; it is the only mutable part of a deployment. */
export const POINTER_PATH = '/mfe/pointer.json';
/** Where the gateway serves each stored version of a remote: its browser build's public path, beside the pointer. */
export const remoteBaseUrl = (name: RemoteName, version: string) => `/mfe/${name}/${version}/`;
/** A stored version's manifest: what the pointer names for a remote the gateway serves itself. */
export const remoteEntryUrl = (name: RemoteName, version: string) => `${remoteBaseUrl(name, version)}mf-manifest.json`;
/** The gateway also inlines the pointer into each page (a JSON script element), saving the shell a round trip. */
export const POINTER_ELEMENT_ID = 'agency-remote-pointer';

/** One remote in the pointer: which version, and where its manifest is (chunk URLs resolve relative to it). */
export interface RemotePointerEntry {
  version: string;
  entry: string;
}
/** The pointer document: the version of each remote a page load uses. */
export interface RemotePointer {
  remotes: Partial<Record<RemoteName, RemotePointerEntry>>;
}

const VERSION = /^[\w.-]{1,80}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pointer document checked by hand (what RemotePointerSchema accepts), or null. */
export function parseRemotePointer(value: unknown): RemotePointer | null {
  if (!isObject(value) || !isObject(value.remotes)) return null;
  const remotes: RemotePointer['remotes'] = {};
  for (const [name, target] of Object.entries(value.remotes)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name) || !isObject(target)) return null;
    const { version, entry } = target;
    if (typeof version !== 'string' || !VERSION.test(version)) return null;
    if (typeof entry !== 'string' || entry.length < 1 || entry.length > 2000) return null;
    remotes[name as RemoteName] = { version, entry };
  }
  return { remotes };
}

/**
 * Modules every federated app shares as singletons (one copy on the page). A trailing slash shares the
 * package's subpaths too (react-dom/client, react/jsx-runtime). Routing is shared through the contracts facade,
 * never as react-router itself, which would ship whole (decision 0011).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  '@agency/contracts/router',
  'zustand',
] as const;
/**
 * Shared but not singletons: a second copy would only cost bytes, never correctness. Empty on purpose: a
 * shared module is bundled whole (its consumers are unknown at build time), and zod whole is 88 KB gzip
 * (every locale included), while each app's tree-shaken copy is a fraction of that (bench/bundle-report).
 */
export const SHARED_LIBRARIES: readonly string[] = [];

/** `react-dom/client` -> `react-dom`, `@agency/contracts/router` -> `@agency/contracts`. */
export const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The `shared` option of every app's federation config. `versionOf` reads a package's installed version (the
 * apps resolve it from their own dependencies, so this module stays free of Node APIs: the shell bundles it).
 */
export function federationShared(versionOf: (pkg: string) => string) {
  const range = (spec: string) => `^${versionOf(packageOf(spec))}`;
  return Object.fromEntries([
    ...SHARED_SINGLETONS.map((spec) => [spec, { singleton: true, requiredVersion: range(spec) }]),
    ...SHARED_LIBRARIES.map((spec) => [spec, { requiredVersion: range(spec) }]),
  ]);
}

/**
 * The `experiments` of every remote's federation config. `externalRuntime`: use the federation runtime the shell
 * provides instead of shipping a second copy (about 30 KB gzip). `target: 'web'`: leave out the runtime's Node-only
 * loaders (about 2 KB gzip per remote entry); only browsers load a remote entry, the gateway runs the server build.
 * `disableRemote`: leave out the code that loads other remotes (0.7 KB gzip per remote entry); a remote renders
 * another's module through `host.loadRemote`, the shell's runtime, never through its own.
 */
export const REMOTE_FEDERATION_EXPERIMENTS = {
  externalRuntime: true,
  optimization: { target: 'web', disableRemote: true },
} as const;

/**
 * The JavaScript level every app compiles to. The browsers we support already need CSS `@scope` (Chromium
 * 118, Safari 17.4, Firefox 146; decision 0008), and all of them run ES2022 natively; SWC's default (ES5) added
 * helpers and generator state machines to every bundle. One value, so no remote ships code the shell's browsers
 * cannot run.
 */
export const BROWSER_TARGET = 'es2022';
