import { defineConfig } from '@rspack/cli';
import { serverBuildConfig } from '@agency/contracts/build';

/** The shell's server build: renders page markup around a remote's server-built page (decision 0013). */
export default defineConfig(
  serverBuildConfig({ context: import.meta.dirname, entry: './src/server.tsx', externalShared: false }),
);
