import { createRequire } from 'node:module';
import path from 'node:path';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared, REMOTE_FEDERATION_EXPERIMENTS, remoteScope, type RemoteName } from '../src/remotes';
import { pageExposes } from './page-modules';

/** Development builds bundle their own federation runtime (see remoteFederationConfig). */
const STANDALONE_EXPERIMENTS = { optimization: { target: 'web' } } as const;

export type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** Reads a package's installed version as the app at `context` resolves it (for `requiredVersion` ranges). */
const versionsFrom = (context: string) => {
  const require = createRequire(path.join(context, 'package.json'));
  return (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
};

/**
 * A remote's federation options. Every route the contracts route table gives the remote is exposed under its
 * `module` name (the shell loads pages by that name), from a module generated from the remote's `src/pages.ts`
 * (page-modules.ts); `exposes` adds modules that are not pages, such as forms other remotes render.
 */
export function remoteFederationConfig({
  context,
  remote,
  exposes = {},
}: {
  context: string;
  remote: RemoteName;
  exposes?: Record<string, string>;
}) {
  return {
    name: remoteScope(remote),
    filename: 'remoteEntry.js',
    exposes: { ...pageExposes(remote), ...exposes },
    manifest: true,
    // A development build also serves the remote's stand-alone page, where no shell provides the runtime.
    experiments: process.env.NODE_ENV === 'production' ? REMOTE_FEDERATION_EXPERIMENTS : STANDALONE_EXPERIMENTS,
    // Remote module types are declared by hand (the dts broker is slow and opens a port).
    dts: false,
    shared: federationShared(versionsFrom(context)),
  } satisfies FederationOptions;
}

/**
 * The shell's federation options. It declares no remotes at build time: it reads the pointer document at start-up
 * and registers them at run time, so a remote can be deployed or rolled back without rebuilding the shell.
 */
export function hostFederationConfig({ context, name }: { context: string; name: string }) {
  return {
    name,
    remotes: {},
    shareStrategy: 'loaded-first',
    dts: false,
    // Lists which chunk holds which shared package; bench/bundle-report reads it to attribute bytes.
    manifest: true,
    // The remotes are built with `externalRuntime`: they use this runtime instead of bundling their own.
    experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    shared: federationShared(versionsFrom(context)),
  } satisfies FederationOptions;
}
