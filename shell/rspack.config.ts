import { defineConfig } from '@rspack/cli';
import { browserBuildConfig } from '@agency/contracts/build';
import federation from './module-federation.config';
import { PreloadStartupChunks } from './build/preload-startup-chunks';

const dev = process.env.NODE_ENV !== 'production';

export default defineConfig(
  browserBuildConfig({
    context: import.meta.dirname,
    federation,
    // The shell is served from the site root; hashed names let the gateway cache them forever.
    publicPath: '/',
    filePrefix: 'assets/',
    html: { template: './index.html', minify: false, favicon: './public/favicon.svg' },
    plugins: [!dev && new PreloadStartupChunks()],
    devServer: {
      port: 3000,
      historyApiFallback: true,
      hot: true,
      proxy: [
        {
          context: ['/api', '/mfe', '/healthz', '/readyz'],
          target: process.env.GATEWAY_URL ?? 'http://localhost:8787',
          changeOrigin: false,
        },
      ],
    },
  }),
);
