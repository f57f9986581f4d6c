import { z } from 'zod';

/** The independently deployed frontends the shell composes at run time. */
export const REMOTE_NAMES = ['marketing', 'quoting', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export const RemoteNameSchema = z.enum(REMOTE_NAMES);

/** Module Federation container name of each remote (a JS identifier, unique on the page). */
export const remoteScope = (name: RemoteName) => `agency_${name}` as const;

/** Where the gateway serves the pointer document; it is the only mutable part of a deployment. */
export const POINTER_PATH = '/mfe/pointer.json';
/** The gateway also inlines the pointer into each page (a JSON script element), saving the shell a round trip. */
export const POINTER_ELEMENT_ID = 'agency-remote-pointer';

export const RemotePointerEntrySchema = z.object({
  version: z.string().regex(/^[\w.-]{1,80}$/),
  /** URL of the remote's mf-manifest.json; chunk URLs resolve relative to it. */
  entry: z.string().min(1).max(2000),
});

export const RemotePointerSchema = z.object({
  remotes: z.partialRecord(RemoteNameSchema, RemotePointerEntrySchema),
});
export type RemotePointer = z.infer<typeof RemotePointerSchema>;
export type RemotePointerEntry = z.infer<typeof RemotePointerEntrySchema>;

/**
 * Packages every federated app shares as singletons (one copy on the page). A trailing slash shares the
 * package's subpaths too (react-dom/client, react/jsx-runtime). Every app's federation config reads this list.
 */
export const SHARED_SINGLETONS = ['react', 'react/', 'react-dom', 'react-dom/', 'react-router', 'zustand'] as const;
/**
 * Shared but not singletons: a second copy would only cost bytes, never correctness. Empty on purpose: a
 * shared module is bundled whole (its consumers are unknown at build time), and zod whole is 88 KB gzip
 * (every locale included), while each app's tree-shaken copy is a fraction of that (bench/bundle-report).
 */
export const SHARED_LIBRARIES: readonly string[] = [];
