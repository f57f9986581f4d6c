import { createRequire } from 'node:module';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared, REMOTE_FEDERATION_EXPERIMENTS, remoteScope } from '@agency/contracts/remotes';
import { routes } from '@agency/contracts/routes';

type Options = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/**
 * Every route the contracts route table gives to this remote is exposed under its `module` name (the shell
 * loads pages by that name), plus the lead forms marketing pages render.
 */
const pages = routes
  .filter((r) => r.owner === 'quoting')
  .map((r) => [`./${r.module}`, `./src/exposed/${r.module}.tsx`]);

export default {
  name: remoteScope('quoting'),
  filename: 'remoteEntry.js',
  exposes: {
    ...Object.fromEntries(pages),
    './enquiry-form': './src/exposed/enquiry-form.tsx',
    './consultation-form': './src/exposed/consultation-form.tsx',
  },
  manifest: true,
  experiments: REMOTE_FEDERATION_EXPERIMENTS,
  dts: false,
  shared: federationShared(versionOf),
} satisfies Options;
