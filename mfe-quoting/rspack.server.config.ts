import { defineConfig } from '@rspack/cli';
import { serverBuildConfig } from '@agency/contracts/build';

/** The server build of the public pages of src/pages.ts, for the gateway's server rendering (decision 0013). */
export default defineConfig(
  serverBuildConfig({ context: import.meta.dirname, entry: { remote: 'quoting' }, externalShared: true }),
);
