import { defineConfig } from '@rspack/cli';
import { remoteRspackConfig } from '@agency/contracts/build';
import federation from './module-federation.config';

export default defineConfig(remoteRspackConfig({ context: import.meta.dirname, remote: 'quoting', federation }));
